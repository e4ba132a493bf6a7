import { otpCodeSchema } from '@app/shared/schemas/auth';
import { useSchemaForm } from '../../../ui/forms';
import { showErrorOnForm } from '../../../lib/requestErrors';

/**
 * A one-time code form (sign-in's second step, turning on two-factor): the code checked by the
 * shared schema, then `send`; any refusal is shown at the code's field, which gets focus.
 */
export function useOtpForm(send: (otp: string) => Promise<void>) {
  const form = useSchemaForm(otpCodeSchema, { defaultValues: { otp: '' } });

  const submit = form.handleSubmit(async ({ otp }) => {
    try {
      await send(otp);
    } catch (error) {
      showErrorOnForm(error, form.setError, ['otp'], 'otp', { shouldFocus: true });
    }
  });

  return {
    field: form.register('otp'),
    error: form.errors.otp?.message,
    isSubmitting: form.isSubmitting,
    submit,
  };
}
