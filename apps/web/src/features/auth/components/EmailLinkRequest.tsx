import { recoverySchema } from '@app/shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../lib/config';
import { ShieldIcon } from '../../../ui';
import { sendingSubmit, useSchemaForm } from '../../../ui/forms';
import { AuthFooterLink, AuthLayout } from './AuthLayout';
import { AuthForm, AuthSubmit, EmailField } from './AuthForm';

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
  const form = useSchemaForm(recoverySchema, { defaultValues: { email: '' } });
  const submit = sendingSubmit(
    form,
    async ({ email }) => {
      await send(email);
      setSentTo(email);
    },
    t(`${texts}.toastSuccess`),
    ['email'],
  );

  const footer = <AuthFooterLink to="/login">{t(`${texts}.backToLogin`)}</AuthFooterLink>;

  return (
    <AuthLayout title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`)} footer={footer}>
      {sentTo ? (
        <div role="status" className="rounded-xl border border-brand/30 bg-brand/10 p-4">
          <p className="font-medium text-text">{t(`${texts}.sentTitle`)}</p>
          <p className="mt-1 text-sm text-muted">{t(`${texts}.sentBody`, { email: sentTo })}</p>
        </div>
      ) : (
        <AuthForm onSubmit={submit}>
          <EmailField error={form.errors.email?.message} {...form.register('email')} />
          <AuthSubmit pending={form.isSubmitting}>{t(`${texts}.submit`)}</AuthSubmit>
        </AuthForm>
      )}
      <p className="mt-5 flex items-start gap-2 text-xs text-muted">
        <ShieldIcon width={16} height={16} className="mt-px shrink-0 text-brand-strong" />
        <span>{t(`${texts}.secured`, { brand: appConfig.brandName })}</span>
      </p>
    </AuthLayout>
  );
}
