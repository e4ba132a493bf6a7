import { magicLinkRequestSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { Button, ShieldIcon, TextField } from '../../../ui';
import { authApi } from '../api';
import { AuthLayout, authLinkClass } from '../components/AuthLayout';
import { HydratedFieldset } from '../../../ui/HydratedFieldset';

export function MagicLinkRequestPage() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(magicLinkRequestSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await authApi.requestMagicLink(email);
      toast.success(t('magic.toastSuccess'));
      setSentTo(email);
    } catch (error) {
      toast.error(errorMessage(error));
      applyFieldError(error, setError, ['email']);
    }
  });

  const footer = (
    <Link to="/login" className={authLinkClass}>
      {t('magic.backToLogin')}
    </Link>
  );

  return (
    <AuthLayout title={t('magic.title')} subtitle={t('magic.subtitle')} footer={footer}>
      {sentTo ? (
        <div role="status" className="rounded-xl border border-brand/30 bg-brand/10 p-4">
          <p className="font-medium text-text">{t('magic.sentTitle')}</p>
          <p className="mt-1 text-sm text-muted">{t('magic.sentBody', { email: sentTo })}</p>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <HydratedFieldset>
            <TextField
              label={t('fields.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('placeholders.email')}
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
              {t('magic.submit')}
            </Button>
          </HydratedFieldset>
        </form>
      )}
      <p className="mt-5 flex items-start gap-2 text-xs text-muted">
        <ShieldIcon width={16} height={16} className="mt-px shrink-0 text-brand-strong" />
        <span>{t('magic.secured')}</span>
      </p>
    </AuthLayout>
  );
}
