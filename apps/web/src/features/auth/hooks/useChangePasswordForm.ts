import { changePasswordSchema } from '@app/shared/schemas/auth';
import { useSchemaForm } from '../../../ui/forms';
import { toastAndMarkField } from '../../../lib/requestErrors';
import { authApi } from '../api';

/**
 * The form that changes one's own password (the current one, then a new one), used where the
 * first start's one-time password is replaced and on the profile's security tab. `onChanged`
 * runs once the server has taken the new password (given the form, to empty it); a refusal there or in the request shows in a
 * toast and at the field the server named.
 */
export function useChangePasswordForm(
  onChanged: (form: { reset: () => void }) => Promise<void> | void,
) {
  const form = useSchemaForm(changePasswordSchema, {
    defaultValues: { oldPassword: '', password: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await authApi.changePassword(values);
      await onChanged(form);
    } catch (error) {
      toastAndMarkField(error, form.setError, ['oldPassword', 'password']);
    }
  });
  return { form, submit };
}
