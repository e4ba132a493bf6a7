import { otpCodeSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { showErrorOnForm } from '../../../lib/requestErrors';

/**
 * A one-time code form (sign-in's second step, turning on two-factor): the code checked by the
 * shared schema, then `send`; any refusal is shown at the code's field, which gets focus.
 */
export function useOtpForm(send: (otp: string) => Promise<void>) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(otpCodeSchema), defaultValues: { otp: '' } });

  const submit = handleSubmit(async ({ otp }) => {
    try {
      await send(otp);
    } catch (error) {
      showErrorOnForm(error, setError, ['otp'], 'otp', { shouldFocus: true });
    }
  });

  return { field: register('otp'), error: errors.otp?.message, isSubmitting, submit };
}
