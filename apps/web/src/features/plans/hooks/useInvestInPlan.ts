import { centsToPlain } from '@app/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { useBook } from '../../../lib/book';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { markedTitle } from '../../../ui/practiceToast';
import { publicKeys, type PublicPlan } from '../../public/api';
import { useOpenTrade } from '../../trading/api';
import { appropriatenessPath } from '../../verification/api';

/**
 * A refusal that asking again cannot change (the plan or its strategy closed, the trader's cap
 * reached...): any 4xx but one that says the same request is still being worked on or to wait.
 * The confirmation then offers no "Try again", only Close.
 */
export function refusedForGood(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'REQUEST_IN_PROGRESS' &&
    error.code !== 'RATE_LIMITED'
  );
}

/**
 * Investing `amountCents` in `plan` from its confirmation: on success to the dashboard; when the
 * appropriateness check is due, to it (and back with the amount); an amount refusal goes back to
 * the amount field through `onAmountError`. `final` says the refusal cannot change on retry. In
 * practice (the book shown when it opened) the copy is opened with `book: 'practice'`.
 */
export function useInvestInPlan(
  plan: PublicPlan,
  amountCents: number,
  onAmountError: (message: string) => void,
) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invest = useOpenTrade();
  // The book shown when the confirmation opened: a switch meanwhile does not change this intent.
  const currentBook = useBook();
  const [book] = useState(currentBook);
  const final = invest.isError && refusedForGood(invest.error);

  function confirm(exits: { stopLossPct: number; takeProfitPct: number | null }) {
    const { stopLossPct, takeProfitPct } = exits;
    mutateAndReport(
      invest,
      {
        planId: plan.id,
        ...(book === 'practice' ? { book } : {}),
        amount: centsToPlain(amountCents),
        stopLossPct,
        ...(takeProfitPct !== null ? { takeProfitPct } : {}),
      },
      {
        onSuccess: () => {
          toast.success(markedTitle(book, t('toast.created')));
          void navigate('/dashboard');
        },
        onError: (error) => {
          // The appropriateness check comes first (issue 21): there, and back to this
          // confirmation with the amount (issue 39). No toast: the check's page says why it asks
          // and that nothing is invested meanwhile, and at 390 px a toast covered that note and
          // then the title of this confirmation reopened after the questions.
          if (error instanceof ApiRequestError && error.code === 'APPROPRIATENESS_REQUIRED') {
            void navigate(appropriatenessPath({ planId: plan.id, amountCents }));
            return;
          }
          toast.error(t('toast.failed'), { description: errorMessage(error) });
          if (error instanceof ApiRequestError && error.field === 'amount' && error.status < 500) {
            onAmountError(error.message);
            return;
          }
          // The plan may have closed since the page loaded: its card shows it again as it is.
          if (refusedForGood(error)) {
            void queryClient.invalidateQueries({ queryKey: publicKeys.plans });
          }
        },
      },
    );
  }

  return { invest, final, confirm, book };
}
