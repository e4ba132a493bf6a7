import type { Me } from '@app/shared/schemas/auth';
import {
  linkWithPasswordSchema,
  providerRegisterSchema,
  type PendingSignIn,
} from '@app/shared/schemas/sign-in';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { setSessionUser } from '../../../lib/auth';
import { applyFieldError, errorMessage, showErrorOnForm } from '../../../lib/requestErrors';
import { buttonClasses, LoadingBlock, TextField } from '../../../ui';
import { authApi, pendingSignInQuery } from '../api';
import { AuthLayout, authLinkClass } from '../components/AuthLayout';
import {
  CountryControl,
  NameField,
  PhoneField,
  ReferrerIdField,
} from '../components/ContactFields';
import { OtpStep } from './LoginPage';
import { CurrentPasswordField, useSchemaForm } from '../../../ui/forms';
import { AuthForm, AuthSubmit } from '../components/AuthForm';

/**
 * /sign-in/continue: where a provider sign-in lands when one step is left — the password (and
 * code) of the existing account with the provider's e-mail, to link it; the code of a linked
 * account with two-factor on; or, for a new account, the sign-up details the provider does not
 * give.
 */
export function ContinueSignInPage() {
  const { t } = useTranslation('auth');
  const pending = useQuery(pendingSignInQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function signedIn(user: Me) {
    toast.success(t('login.toastSuccess'));
    setSessionUser(queryClient, user);
    queryClient.removeQueries({ queryKey: pendingSignInQuery.queryKey });
    void navigate('/dashboard', { replace: true });
  }

  async function cancel() {
    await authApi.cancelPendingSignIn().catch(() => undefined);
    queryClient.removeQueries({ queryKey: pendingSignInQuery.queryKey });
    void navigate('/login', { replace: true });
  }

  if (pending.isPending) {
    return (
      <AuthLayout title={t('providers.continueTitle')}>
        <LoadingBlock />
      </AuthLayout>
    );
  }
  const step = pending.data?.pending ?? null;
  if (!step) {
    return (
      <AuthLayout title={t('providers.continueTitle')}>
        <div className="flex flex-col gap-6">
          <p role="alert" className="text-sm text-muted">
            {pending.isError ? errorMessage(pending.error) : t('providers.expired')}
          </p>
          <Link to="/login" className={buttonClasses('primary', 'lg', true)}>
            {t('magic.backToLogin')}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (step.step === 'otp') {
    return (
      <OtpStep
        onBack={() => void cancel()}
        onSubmit={async (otp) => signedIn((await authApi.providerSecondFactor(otp)).user)}
      />
    );
  }
  const Step = step.step === 'link' ? LinkStep : RegisterStep;
  return <Step pending={step} onSignedIn={signedIn} onCancel={() => void cancel()} />;
}

/**
 * The frame of the link and register steps: the provider's name and e-mail in the subtitle, a
 * cancel link below, and a form that starts with the (read-only) e-mail.
 */
function ProviderStepLayout({
  title,
  subtitleKey,
  pending,
  onCancel,
  onSubmit,
  children,
}: {
  title: string;
  subtitleKey: 'providers.linkSubtitle' | 'providers.registerSubtitle';
  pending: PendingSignIn;
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={title}
      subtitle={t(subtitleKey, { name: pending.provider.displayName, email: pending.email })}
      footer={
        <button type="button" className={authLinkClass} onClick={onCancel}>
          {t('providers.cancel')}
        </button>
      }
    >
      <AuthForm onSubmit={onSubmit}>
        <TextField label={t('fields.email')} value={pending.email} readOnly />
        {children}
      </AuthForm>
    </AuthLayout>
  );
}

interface StepProps {
  pending: PendingSignIn;
  onSignedIn: (user: Me) => void;
  onCancel: () => void;
}

function LinkStep({ pending, onSignedIn, onCancel }: StepProps) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, setError, errors, isSubmitting } = useSchemaForm(
    linkWithPasswordSchema,
    { defaultValues: { password: '', otp: '' } },
  );
  const submit = handleSubmit(async ({ password, otp }) => {
    try {
      const { user } = await authApi.linkProvider({ password, ...(otp ? { otp } : {}) });
      onSignedIn(user);
    } catch (error) {
      showErrorOnForm(error, setError, ['password', 'otp'], 'password');
    }
  });
  return (
    <ProviderStepLayout
      title={t('providers.linkTitle', { name: pending.provider.displayName })}
      subtitleKey="providers.linkSubtitle"
      pending={pending}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <CurrentPasswordField
        label={t('fields.password')}
        autoFocus
        error={errors.password?.message}
        {...register('password')}
      />
      {pending.otpRequired && (
        <TextField
          label={t('fields.otp')}
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="none"
          placeholder={t('placeholders.otp')}
          hint={t('login.otpHint')}
          error={errors.otp?.message}
          {...register('otp')}
        />
      )}
      <AuthSubmit pending={isSubmitting}>{t('providers.linkSubmit')}</AuthSubmit>
    </ProviderStepLayout>
  );
}

const REGISTER_FIELDS = ['name', 'phone', 'country', 'referrerId'] as const;

function RegisterStep({ pending, onSignedIn, onCancel }: StepProps) {
  const { t } = useTranslation('auth');
  const { register, control, handleSubmit, setError, errors, isSubmitting } = useSchemaForm(
    providerRegisterSchema,
    { defaultValues: { name: pending.name, phone: '', country: '', referrerId: '' } },
  );
  const submit = handleSubmit(async (values) => {
    try {
      const { user } = await authApi.registerWithProvider({
        ...values,
        referrerId: values.referrerId || undefined,
      });
      toast.success(t('register.toastSuccess'));
      onSignedIn(user);
    } catch (error) {
      if (!applyFieldError(error, setError, REGISTER_FIELDS)) toast.error(errorMessage(error));
    }
  });
  return (
    <ProviderStepLayout
      title={t('providers.registerTitle')}
      subtitleKey="providers.registerSubtitle"
      pending={pending}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <NameField error={errors.name?.message} {...register('name')} />
      <PhoneField error={errors.phone?.message} {...register('phone')} />
      <CountryControl control={control} name="country" error={errors.country?.message} />
      <ReferrerIdField error={errors.referrerId?.message} {...register('referrerId')} />
      <p className="text-xs text-muted">{t('providers.noPasswordNote')}</p>
      <AuthSubmit pending={isSubmitting} className="mt-2">
        {t('register.submit')}
      </AuthSubmit>
    </ProviderStepLayout>
  );
}
