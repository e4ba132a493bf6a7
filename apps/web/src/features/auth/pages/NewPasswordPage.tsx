import { passwordSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { toastAndMarkField } from '../../../lib/requestErrors';
import { authApi } from '../api';
import { AuthLayout, authLinkClass } from '../components/AuthLayout';
import { useEmailedLink } from '../hooks/useEmailedLink';
import { Form, NewPasswordField } from '../../../ui/forms';
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '' } });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await authApi.completeRecovery({ userId, secret, password });
      toast.success(t('newPassword.toastSuccess'));
      void navigate('/login', { replace: true });
    } catch (error) {
      toastAndMarkField(error, setError, ['password']);
    }
  });

  return (
    <AuthLayout
      title={t('newPassword.title')}
      subtitle={t('newPassword.subtitle')}
      footer={
        <Link to="/login" className={authLinkClass}>
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      <Form onSubmit={submit}>
        <NewPasswordField
          label={t('fields.newPassword')}
          placeholder={t('placeholders.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <AuthSubmit pending={isSubmitting}>{t('newPassword.submit')}</AuthSubmit>
      </Form>
    </AuthLayout>
  );
}
