import { centsToPlain } from '@app/shared/money';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicPlan } from '../../public/api';
import { validateInvestAmount } from '../validation';

interface Options {
  plan: PublicPlan;
  availableCents: number | undefined;
  disabledReason: string | undefined;
  resumeCents: number | undefined;
  onResumed: (() => void) | undefined;
}

/**
 * The invest card's amount form: a valid amount opens the confirmation (`confirmation`: its cents
 * and its ways out, null while none is open). Back from the appropriateness check, the amount
 * kept is checked again; if it passes, the confirmation opens again at once (`returning`: saying
 * nothing is invested yet).
 */
export function useInvestForm({
  plan,
  availableCents,
  disabledReason,
  resumeCents,
  onResumed,
}: Options) {
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

  function cancel() {
    setConfirming(null);
    setReturning(false);
  }

  /** The server refused the amount: the confirmation closes and the field shows why. */
  function refuseAmount(message: string) {
    cancel();
    form.setError('amount', { message }, { shouldFocus: true });
  }

  const confirmation =
    confirming === null
      ? null
      : { amountCents: confirming, returning, onCancel: cancel, onAmountError: refuseAmount };
  return { form, submit, confirmation };
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
