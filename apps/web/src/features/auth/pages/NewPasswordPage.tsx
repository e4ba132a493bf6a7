import { passwordSchema } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { authApi } from '../api';
import { AuthFooterLink, AuthLayout } from '../components/AuthLayout';
import { useEmailedLink } from '../hooks/useEmailedLink';
import { Form, NewPasswordField, sendingSubmit, useSchemaForm } from '../../../ui/forms';
import { AuthSubmit } from '../components/AuthForm';

const newPasswordSchema = z.object({ password: passwordSchema });

/** The page a recovery e-mail links to: /new?userId=…&secret=… */
export function NewPasswordPage() {
  const link = useEmailedLink();
  if (!link.complete) return <Navigate to="/forgot" replace />;
  return <NewPasswordForm userId={link.userId} secret={link.secret} />;
}

function NewPasswordForm({ userId, secret }: { userId: string; secret: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useSchemaForm(newPasswordSchema, { defaultValues: { password: '' } });
  const submit = sendingSubmit(
    form,
    async ({ password }) => {
      await authApi.completeRecovery({ userId, secret, password });
      void navigate('/login', { replace: true });
    },
    t('newPassword.toastSuccess'),
    ['password'],
  );

  return (
    <AuthLayout
      title={t('newPassword.title')}
      subtitle={t('newPassword.subtitle')}
      footer={<AuthFooterLink to="/login">{t('forgot.backToLogin')}</AuthFooterLink>}
    >
      <Form onSubmit={submit}>
        <NewPasswordField
          label={t('fields.newPassword')}
          placeholder={t('placeholders.password')}
          error={form.errors.password?.message}
          {...form.register('password')}
        />
        <AuthSubmit pending={form.isSubmitting}>{t('newPassword.submit')}</AuthSubmit>
      </Form>
    </AuthLayout>
  );
}
