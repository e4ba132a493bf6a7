import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../ui';
import { CurrentPasswordField, Form, NewPasswordField } from '../../../ui/forms';
import { useChangePasswordForm } from '../../auth/hooks/useChangePasswordForm';
import { useInvalidateProfile } from '../api';
import { SecurityRow } from './SecurityRow';

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const invalidate = useInvalidateProfile();
  const {
    form: { register, errors, isSubmitting },
    submit,
  } = useChangePasswordForm((form) => {
    toast.success(t('password.success'));
    form.reset();
    invalidate();
  });

  return (
    <SecurityRow title={t('password.title')} description={t('password.description')}>
      <Form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <CurrentPasswordField
          label={t('password.current')}
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <NewPasswordField
          label={t('password.new')}
          placeholder={t('password.placeholder')}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {t('password.submit')}
          </Button>
        </div>
      </Form>
    </SecurityRow>
  );
}
