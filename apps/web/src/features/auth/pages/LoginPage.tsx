import { loginSchema, type LoginInput } from '@app/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { setSessionUser, useSession } from '../../../lib/auth';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { appConfig } from '../../../lib/config';
import { Button, TextField } from '../../../ui';
import { authApi } from '../api';
import { AuthFooterLink, AuthLayout, authLinkClass } from '../components/AuthLayout';
import { useOtpForm } from '../hooks/useOtpForm';
import { ProviderButtons, ProviderSignInError } from '../components/ProviderButtons';
import { CurrentPasswordField, Form, useSchemaForm } from '../../../ui/forms';
import { AuthForm, AuthSubmit, EmailField } from '../components/AuthForm';

/** Where to go after login: back to the protected page that sent the user here, else /dashboard. */
function useRedirectTarget(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : '/dashboard';
}

/**
 * The one-time password printed at first start is replaced before anything else; an admin works
 * only with two-factor sign-in on: until then, signing in leads to its setup.
 */
function landingFor(
  user: { isAdmin?: boolean; twoFactorEnabled?: boolean; passwordChangeRequired?: boolean },
  target: string,
): string {
  if (user.passwordChangeRequired) return '/change-password';
  return user.isAdmin && !user.twoFactorEnabled ? '/profile' : target;
}

type Credentials = { email: string; password: string };

export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Credentials | null>(null);

  if (session.user) return <Navigate to={landingFor(session.user, target)} replace />;

  /** One login attempt; resolves to 'otp' when the server asks for the second factor. */
  async function attempt(input: LoginInput): Promise<'ok' | 'otp'> {
    const toastId = toast.loading(t('login.toastLoading'));
    try {
      const result = await authApi.login(input);
      if (result.status === 'otp_required') {
        toast.dismiss(toastId);
        return 'otp';
      }
      toast.success(t('login.toastSuccess'), { id: toastId });
      setSessionUser(queryClient, result.user);
      void navigate(landingFor(result.user, target), { replace: true });
      return 'ok';
    } catch (error) {
      toast.error(errorMessage(error), { id: toastId });
      throw error;
    }
  }

  return pending ? (
    <OtpStep
      onBack={() => setPending(null)}
      onSubmit={(otp) => attempt({ ...pending, otp }).then(() => undefined)}
    />
  ) : (
    <CredentialsStep
      onSubmit={async (credentials) => {
        if ((await attempt(credentials)) === 'otp') setPending(credentials);
      }}
    />
  );
}

function CredentialsStep({ onSubmit }: { onSubmit: (values: Credentials) => Promise<void> }) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, setError, errors, isSubmitting } = useSchemaForm(loginSchema, {
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await onSubmit({ email, password });
    } catch (error) {
      applyFieldError(error, setError, ['email', 'password']);
    }
  });

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle', { brand: appConfig.brandName })}
      footer={
        <AuthFooterLink to="/register" prompt={t('login.noAccount')}>
          {t('login.register')}
        </AuthFooterLink>
      }
    >
      <ProviderSignInError />
      <AuthForm onSubmit={submit}>
        <EmailField error={errors.email?.message} {...register('email')} />
        <CurrentPasswordField
          label={t('fields.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="-mt-1 flex flex-wrap justify-between gap-x-4 gap-y-1">
          <Link to="/login/link" className={`${authLinkClass} text-sm`}>
            {t('login.magicLink')}
          </Link>
          <Link to="/forgot" className={`${authLinkClass} text-sm`}>
            {t('login.forgot')}
          </Link>
        </div>
        <AuthSubmit pending={isSubmitting}>{t('login.submit')}</AuthSubmit>
      </AuthForm>
      <ProviderButtons />
    </AuthLayout>
  );
}

export function OtpStep({
  onSubmit,
  onBack,
}: {
  onSubmit: (otp: string) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const { field, error, isSubmitting, submit } = useOtpForm(onSubmit);

  return (
    <AuthLayout title={t('login.otpTitle')} subtitle={t('login.otpSubtitle')}>
      <Form onSubmit={submit}>
        <TextField
          label={t('fields.otp')}
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          autoCapitalize="none"
          placeholder={t('placeholders.otp')}
          hint={t('login.otpHint')}
          error={error}
          className="[&_input]:font-mono [&_input]:tracking-widest"
          {...field}
        />
        <AuthSubmit pending={isSubmitting}>{t('login.otpSubmit')}</AuthSubmit>
        <Button variant="ghost" fullWidth onClick={onBack}>
          {t('login.otpBack')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
