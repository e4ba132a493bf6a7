import type { Me } from '@app/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { clearSession, fetchMe, setSessionUser, useSession } from '../../../lib/auth';
import { LoadingScreen } from '../../../ui';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { useChangePasswordForm } from '../hooks/useChangePasswordForm';
import { CurrentPasswordField, Form, NewPasswordField } from '../../../ui/forms';
import { AuthSubmit } from '../components/AuthForm';

/** Where a user goes once their own password is set: an admin to the admin area. */
export function homeAfterPasswordChange(user: Pick<Me, 'isAdmin'>): string {
  return user.isAdmin ? '/admin' : '/dashboard';
}

/**
 * /change-password: the account signed in with the one-time password printed at first start
 * (Me.passwordChangeRequired). The server refuses everything else until a new password is set
 * (403 PASSWORD_CHANGE_REQUIRED), so the signed-in pages send the user here, and this page says
 * why before asking for the one-time password and a new one; then on to the admin area.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  if (session.status === 'loading') return <LoadingScreen label={t('changePassword.loading')} />;
  if (!session.user) return <Navigate to="/login" replace />;
  if (!session.user.passwordChangeRequired) {
    return <Navigate to={homeAfterPasswordChange(session.user)} replace />;
  }
  return <ChangePasswordForm user={session.user} />;
}

function ChangePasswordForm({ user }: { user: Me }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    submit,
  } = useChangePasswordForm(async () => {
    const me = await fetchMe();
    if (me) setSessionUser(queryClient, me);
    toast.success(t('changePassword.success'));
    void navigate(homeAfterPasswordChange(me ?? user), { replace: true });
  });

  async function signOut() {
    setSigningOut(true);
    try {
      await authApi.logout();
    } finally {
      clearSession(queryClient);
      void navigate('/login', { replace: true });
    }
  }

  return (
    <AuthLayout
      title={t('changePassword.title')}
      footer={
        <button
          type="button"
          disabled={signingOut}
          onClick={() => void signOut()}
          className="rounded-sm font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          {t('changePassword.signOut')}
        </button>
      }
    >
      <div
        role="note"
        data-testid="password-change-why"
        className="mb-5 flex flex-col gap-2 rounded-xl border border-warning/30 bg-warning/5 p-4 text-sm leading-relaxed text-text"
      >
        <p>{t('changePassword.why', { email: user.email })}</p>
        <p className="text-muted">
          {t(user.isAdmin ? 'changePassword.nextAdmin' : 'changePassword.nextUser')}
        </p>
      </div>
      <Form onSubmit={submit}>
        <CurrentPasswordField
          label={t('changePassword.oneTime')}
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <NewPasswordField
          label={t('fields.newPassword')}
          placeholder={t('placeholders.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <AuthSubmit pending={isSubmitting}>{t('changePassword.submit')}</AuthSubmit>
      </Form>
    </AuthLayout>
  );
}
