import type { Me } from '@app/shared/schemas/auth';
import { changeEmailSchema } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { showErrorOnForm } from '../../../lib/requestErrors';
import { TextField } from '../../../ui';
import {
  CurrentPasswordField,
  DialogForm,
  OneTimeCodeField,
  resettingClose,
  useSchemaForm,
} from '../../../ui/forms';
import { useChangeEmail } from '../api';
import type { DialogProps } from './dialogProps';

/**
 * Asks for a new sign-in address: the new address, the password and, with two-factor on, a code.
 * The server mails a link to the new address; nothing changes until it is followed.
 */
export function ChangeEmailDialog({ user, open, onOpenChange }: DialogProps & { user: Me }) {
  const { t } = useTranslation('profile');
  const change = useChangeEmail();
  const { register, handleSubmit, reset, setError, errors, isSubmitting } = useSchemaForm(
    changeEmailSchema,
    { defaultValues: { newEmail: '', password: '', otp: '' } },
  );

  const close = resettingClose(reset, onOpenChange);

  const submit = handleSubmit(async (input) => {
    try {
      await change.mutateAsync({ ...input, otp: input.otp || undefined });
      toast.success(t('changeEmail.sent', { email: input.newEmail }));
      close(false);
    } catch (error) {
      showErrorOnForm(error, setError, ['newEmail', 'password', 'otp'], 'newEmail');
    }
  });

  return (
    <DialogForm
      open={open}
      onOpenChange={close}
      title={t('changeEmail.title')}
      description={t('changeEmail.body', { email: user.email })}
      onSubmit={submit}
      actions={{
        cancelLabel: t('changeEmail.cancel'),
        submitLabel: t('changeEmail.submit'),
        pending: isSubmitting,
      }}
    >
      <TextField
        label={t('changeEmail.newEmail')}
        type="email"
        autoComplete="email"
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <CurrentPasswordField
        label={t('changeEmail.password')}
        error={errors.password?.message}
        {...register('password')}
      />
      {user.twoFactorEnabled && (
        <OneTimeCodeField
          label={t('changeEmail.code')}
          error={errors.otp?.message}
          {...register('otp')}
        />
      )}
      <p className="text-sm text-muted">{t('changeEmail.otherSessions')}</p>
    </DialogForm>
  );
}
