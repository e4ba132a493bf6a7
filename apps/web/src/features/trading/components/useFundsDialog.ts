import { centsToPlain, formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { markedTitle } from '../../../ui/practiceToast';
import { accountSummaryQuery } from '../../account/api';
import { usePublicPlans } from '../../public/api';
import { fundsQuoteQuery, useChangeFunds, type CurrentTrade, type FundsAction } from '../api';
import { validateFundsAmount } from '../funds';

/**
 * The funds dialog's two steps: `review` checks the typed amount as the server checks it and
 * quotes it; `confirm` books the quoted amount; `back` returns to the field.
 */
export function useFundsDialog(trade: CurrentTrade, action: FundsAction, onClose: () => void) {
  const { t } = useTranslation('trading');
  const plan = usePublicPlans().data?.find((candidate) => candidate.id === trade.planId);
  const availableCents = useQuery(accountSummaryQuery(trade.book)).data?.availableCents;
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const change = useChangeFunds(trade.id, action);
  const quote = useQuery({
    ...fundsQuoteQuery(trade.id, action, amountCents ?? 0),
    enabled: amountCents !== null && !change.isSuccess,
  });
  const key = action === 'add' ? 'addFunds' : 'removeFunds';

  const review = form.handleSubmit(({ amount }) => {
    const result = validateFundsAmount(amount, action, trade, plan, availableCents);
    if (result.error !== null) {
      form.setError('amount', { message: result.error }, { shouldFocus: true });
      return;
    }
    setAmountCents(result.cents);
  });

  function back() {
    setAmountCents(null);
    change.reset();
  }

  function confirm(cents: number) {
    mutateAndReport(change, centsToPlain(cents), {
      onSuccess: ({ change: booked }) => {
        toast.success(
          markedTitle(
            trade.book,
            action === 'add'
              ? t('addFunds.success', {
                  amount: formatUsd(booked.amountCents),
                  plan: trade.planTitle,
                })
              : t('removeFunds.success', { amount: formatUsd(booked.payoutCents) }),
          ),
        );
        onClose();
      },
      onError: (error) => {
        toast.error(t(`${key}.failed`), { description: errorMessage(error) });
        // The amount was refused (a bound, the balance, the trade's value): back to the field.
        if (error instanceof ApiRequestError && error.field === 'amount' && error.status < 500) {
          back();
          form.setError('amount', { message: errorMessage(error) });
        }
      },
    });
  }

  return { key, plan, form, amountCents, change, quote, review, back, confirm } as const;
}
