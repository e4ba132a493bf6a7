import { recoverySchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { appConfig } from '../../../lib/config';
import { Button, ShieldIcon, TextField } from '../../../ui';
import { HydratedFieldset } from '../../../ui/HydratedFieldset';
import { AuthLayout, authLinkClass } from './AuthLayout';

interface EmailLinkRequestProps {
  /** The texts' group in the auth namespace: `forgot` (recovery) or `magic` (sign-in link). */
  texts: 'forgot' | 'magic';
  /** Asks the server to mail the link (it answers the same whether or not the address has an account). */
  send: (email: string) => Promise<unknown>;
}

/**
 * A page that asks for an e-mail address and mails a link to it (password recovery, a sign-in
 * link): the form, then "we sent a link to …" in place of it. Both take `{ email }` alone
 * (recoverySchema and magicLinkRequestSchema are the same rule).
 */
export function EmailLinkRequest({ texts, send }: EmailLinkRequestProps) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(recoverySchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await send(email);
      toast.success(t(`${texts}.toastSuccess`));
      setSentTo(email);
    } catch (error) {
      toast.error(errorMessage(error));
      applyFieldError(error, setError, ['email']);
    }
  });

  const footer = (
    <Link to="/login" className={authLinkClass}>
      {t(`${texts}.backToLogin`)}
    </Link>
  );

  return (
    <AuthLayout title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`)} footer={footer}>
      {sentTo ? (
        <div role="status" className="rounded-xl border border-brand/30 bg-brand/10 p-4">
          <p className="font-medium text-text">{t(`${texts}.sentTitle`)}</p>
          <p className="mt-1 text-sm text-muted">{t(`${texts}.sentBody`, { email: sentTo })}</p>
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
              {t(`${texts}.submit`)}
            </Button>
          </HydratedFieldset>
        </form>
      )}
      <p className="mt-5 flex items-start gap-2 text-xs text-muted">
        <ShieldIcon width={16} height={16} className="mt-px shrink-0 text-brand-strong" />
        <span>{t(`${texts}.secured`, { brand: appConfig.brandName })}</span>
      </p>
    </AuthLayout>
  );
}
