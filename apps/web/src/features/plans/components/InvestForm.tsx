import { centsToPlain } from '@app/shared/money';
import { useEffect, useState } from 'react';
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
  // Back from the appropriateness check: the amount kept and checked again; if it passes, the
  // confirmation opens again at once, saying nothing is invested yet.
  const [resumed] = useState(() =>
    resumeCents === undefined
      ? null
      : resumeAmount(resumeCents, plan, availableCents, disabledReason),
  );
  const [confirming, setConfirming] = useState<number | null>(resumed?.cents ?? null);
  const [returning, setReturning] = useState(
    resumed?.cents !== undefined && resumed.cents !== null,
  );
  const form = useForm<{ amount: string }>({ defaultValues: { amount: resumed?.text ?? '' } });
  const fieldId = `invest-${plan.id}-amount`;
  useEffect(() => {
    if (!resumed) return;
    onResumed?.();
    if (resumed.error) form.setError('amount', { message: resumed.error }, { shouldFocus: true });
    // Once, on mounting with the URL's intent (which onResumed drops).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = form.handleSubmit(({ amount }) => {
    const result = validateInvestAmount(amount, plan, availableCents);
    if (result.error !== null) {
      form.setError('amount', { message: result.error }, { shouldFocus: true });
      return;
    }
    setReturning(false);
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
          returning={returning}
          onCancel={() => {
            setConfirming(null);
            setReturning(false);
          }}
          onAmountError={(message) => {
            setConfirming(null);
            setReturning(false);
            form.setError('amount', { message }, { shouldFocus: true });
          }}
        />
      )}
    </form>
  );
}

/** The amount kept through the appropriateness check, as the field shows it and as it checks. */
function resumeAmount(
  cents: number,
  plan: PublicPlan,
  availableCents: number | undefined,
  disabledReason: string | undefined,
): { text: string; cents: number | null; error: string | null } {
  const text = centsToPlain(cents);
  if (disabledReason) return { text, cents: null, error: null };
  const result = validateInvestAmount(text, plan, availableCents);
  return result.error !== null
    ? { text, cents: null, error: result.error }
    : { text, cents: result.cents, error: null };
}
