import { changePasswordSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { Button, PasswordInput } from '../../../ui';
import { profileApi, useInvalidateProfile } from '../api';
import { SecurityRow } from './SecurityRow';

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const invalidate = useInvalidateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await profileApi.changePassword(values);
      toast.success(t('password.success'));
      reset();
      invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
      applyFieldError(error, setError, ['oldPassword', 'password']);
    }
  });

  return (
    <SecurityRow title={t('password.title')} description={t('password.description')}>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 sm:grid-cols-2 sm:items-start"
      >
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          placeholder={t('password.placeholder')}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </SecurityRow>
  );
}
