import type { Me } from '@app/shared/schemas/auth';
import { changeEmailSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { showErrorOnForm } from '../../../lib/requestErrors';
import { DialogActions, Modal, PasswordInput, TextField } from '../../../ui';
import { useChangeEmail } from '../api';

/**
 * Asks for a new sign-in address: the new address, the password and, with two-factor on, a code.
 * The server mails a link to the new address; nothing changes until it is followed.
 */
export function ChangeEmailDialog({
  user,
  open,
  onOpenChange,
}: {
  user: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', password: '', otp: '' },
  });

  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

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
    <Modal
      open={open}
      onOpenChange={close}
      title={t('changeEmail.title')}
      description={t('changeEmail.body', { email: user.email })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label={t('changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          error={errors.newEmail?.message}
          {...register('newEmail')}
        />
        <PasswordInput
          label={t('changeEmail.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {user.twoFactorEnabled && (
          <TextField
            label={t('changeEmail.code')}
            autoComplete="one-time-code"
            error={errors.otp?.message}
            className="[&_input]:font-mono [&_input]:tracking-widest"
            {...register('otp')}
          />
        )}
        <p className="text-sm text-muted">{t('changeEmail.otherSessions')}</p>
        <DialogActions
          cancelLabel={t('changeEmail.cancel')}
          onCancel={() => close(false)}
          submitLabel={t('changeEmail.submit')}
          pending={isSubmitting}
        />
      </form>
    </Modal>
  );
}
