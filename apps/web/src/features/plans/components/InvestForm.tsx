import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../ui';
import type { PublicPlan } from '../../public/api';
import { formatPlanBound, validateInvestAmount } from '../validation';
import { InvestConfirmDialog } from './InvestConfirmDialog';

interface Props {
  plan: PublicPlan;
  availableCents: number | undefined;
  /** Why investing is not possible right now (inactive account, open trade, paused strategy). */
  disabledReason?: string | undefined;
}

/** The card's amount input and Invest Now; a valid amount opens the confirmation. */
export function InvestForm({ plan, availableCents, disabledReason }: Props) {
  const { t } = useTranslation('plans');
  const [confirming, setConfirming] = useState<number | null>(null);
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const fieldId = `invest-${plan.id}-amount`;

  const submit = form.handleSubmit(({ amount }) => {
    const result = validateInvestAmount(amount, plan, availableCents);
    if (result.error !== null) {
      form.setError('amount', { message: result.error }, { shouldFocus: true });
      return;
    }
    setConfirming(result.cents);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <TextField
        id={fieldId}
        label={t('form.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('form.placeholder', { min: formatPlanBound(plan.minCents) })}
        endAdornment={<span className="pr-3 text-sm text-muted">USD</span>}
        hint={t('form.hint', {
          min: formatPlanBound(plan.minCents),
          max: formatPlanBound(plan.maxCents),
        })}
        error={form.formState.errors.amount?.message}
        disabled={Boolean(disabledReason)}
        {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
      />
      <Button
        type="submit"
        fullWidth
        variant={plan.recommended ? 'primary' : 'secondary'}
        disabled={Boolean(disabledReason)}
        aria-describedby={disabledReason ? `${fieldId}-disabled` : undefined}
      >
        {t('form.investNow')}
      </Button>
      {disabledReason && (
        <p id={`${fieldId}-disabled`} className="text-center text-xs text-muted">
          {disabledReason}
        </p>
      )}
      {confirming !== null && (
        <InvestConfirmDialog
          plan={plan}
          amountCents={confirming}
          onCancel={() => setConfirming(null)}
          onAmountError={(message) => {
            setConfirming(null);
            form.setError('amount', { message }, { shouldFocus: true });
          }}
        />
      )}
    </form>
  );
}
