import { registerSchema } from '@app/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { setSessionUser, useSession } from '../../../lib/auth';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { appConfig } from '../../../lib/config';
import { authApi } from '../api';
import { AuthFooterLink, AuthLayout } from '../components/AuthLayout';
import {
  CountryControl,
  NameField,
  PhoneField,
  ReferrerIdField,
} from '../components/ContactFields';
import { ProviderButtons } from '../components/ProviderButtons';
import { NewPasswordField, useSchemaForm } from '../../../ui/forms';
import { AuthForm, AuthSubmit, EmailField } from '../components/AuthForm';

const FIELDS = ['name', 'email', 'phone', 'country', 'referrerId', 'password'] as const;

/**
 * The registration form: a referral link's `?refId=` fills in the referrer; once the account
 * exists the user is signed in and on the dashboard.
 */
function useRegisterForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const form = useSchemaForm(registerSchema, {
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      country: '',
      referrerId: params.get('refId') ?? '',
      password: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    const toastId = toast.loading(t('register.toastLoading'));
    try {
      const { user } = await authApi.register({
        ...values,
        referrerId: values.referrerId || undefined,
      });
      toast.success(t('register.toastSuccess'), { id: toastId });
      setSessionUser(queryClient, user);
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error), { id: toastId });
      applyFieldError(error, form.setError, FIELDS);
    }
  });
  return { form, submit };
}

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const {
    form: { register, control, errors, isSubmitting },
    submit,
  } = useRegisterForm();

  if (session.user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle', { brand: appConfig.brandName })}
      footer={
        <AuthFooterLink to="/login" prompt={t('register.haveAccount')}>
          {t('register.login')}
        </AuthFooterLink>
      }
    >
      <AuthForm onSubmit={submit}>
        <NameField error={errors.name?.message} {...register('name')} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <PhoneField error={errors.phone?.message} {...register('phone')} />
        <CountryControl control={control} name="country" error={errors.country?.message} />
        <ReferrerIdField error={errors.referrerId?.message} {...register('referrerId')} />
        <NewPasswordField
          label={t('fields.password')}
          placeholder={t('placeholders.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <AuthSubmit pending={isSubmitting} className="mt-2">
          {t('register.submit')}
        </AuthSubmit>
      </AuthForm>
      <ProviderButtons />
    </AuthLayout>
  );
}
