import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../ui';
import type { PublicPlan } from '../../public/api';
import { useInvestForm } from '../hooks/useInvestForm';
import { formatPlanBound } from '../validation';
import { InvestConfirmDialog } from './InvestConfirmDialog';

interface Props {
  plan: PublicPlan;
  availableCents: number | undefined;
  /** Why investing is not possible right now (inactive account, open trade, paused strategy). */
  disabledReason?: string | undefined;
  /**
   * The amount this plan's confirmation was left with for the appropriateness check: the field
   * is filled with it and, if it still passes, the confirmation opens again (once).
   */
  resumeCents?: number | undefined;
  /** Called once the resumed amount is in the field (the page drops it from the URL). */
  onResumed?: () => void;
}

/** The card's amount input and Invest Now; a valid amount opens the confirmation. */
export function InvestForm({
  plan,
  availableCents,
  disabledReason,
  resumeCents,
  onResumed,
}: Props) {
  const { t } = useTranslation('plans');
  const { form, submit, confirmation } = useInvestForm({
    plan,
    availableCents,
    disabledReason,
    resumeCents,
    onResumed,
  });
  const fieldId = `invest-${plan.id}-amount`;

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
      {confirmation && <InvestConfirmDialog plan={plan} {...confirmation} />}
    </form>
  );
}
