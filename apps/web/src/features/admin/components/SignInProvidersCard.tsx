import {
  PROVIDER_ID_PATTERN,
  saveProviderSchema,
  type AdminProvider,
} from '@app/shared/schemas/sign-in';
import { rule } from '@app/shared/rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { renderRule } from '../../../lib/messages';
import { applyFieldError } from '../../../lib/requestErrors';
import { Badge, Button, Card, ConfirmDialog, PasswordInput, TextField } from '../../../ui';
import { adminApi } from '../api';
import { adminKeys } from '../keys';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { QueryResult } from './QueryStates';
import { useAdminQuery } from '../hooks/useAdminQuery';

/** A new provider's form also names its id (the part of its callback address after /oidc/). */
const newProviderSchema = saveProviderSchema.extend({
  id: z.string().trim().regex(PROVIDER_ID_PATTERN, rule('PROVIDER_ID_FORMAT')),
});
type ProviderForm = z.input<typeof newProviderSchema>;
const FIELDS = ['id', 'displayName', 'issuerUrl', 'clientId', 'clientSecret'] as const;

/**
 * The OpenID Connect providers behind the "Continue with …" buttons (none: no buttons). The
 * client secret is write-only: staff see whether it is set and may replace it, never read it.
 */
export function SignInProvidersCard() {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<AdminProvider | 'new' | null>(null);
  const query = useAdminQuery(adminKeys.signInProviders, adminApi.signInProviders);
  return (
    <Card title={t('signInProviders.title')} description={t('signInProviders.description')}>
      <QueryResult query={query}>
        {({ providers }) => (
          <div className="flex flex-col gap-3">
            {providers.length === 0 && (
              <p className="text-sm text-muted">{t('signInProviders.empty')}</p>
            )}
            <ul className="flex flex-col gap-2" aria-label={t('signInProviders.title')}>
              {providers.map((provider) => (
                <ProviderRow
                  key={provider.id}
                  provider={provider}
                  onEdit={() => setEditing(provider)}
                />
              ))}
            </ul>
            {editing ? (
              <ProviderEditor
                key={editing === 'new' ? 'new' : editing.id}
                provider={editing === 'new' ? null : editing}
                onDone={() => setEditing(null)}
              />
            ) : (
              <div>
                <Button variant="secondary" onClick={() => setEditing('new')}>
                  {t('signInProviders.add')}
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryResult>
    </Card>
  );
}

function ProviderRow({ provider, onEdit }: { provider: AdminProvider; onEdit: () => void }) {
  const { t } = useTranslation('admin');
  const [confirming, setConfirming] = useState(false);
  const remove = useAdminMutation({
    mutationFn: () => adminApi.removeSignInProvider(provider.id),
    messages: { success: t('signInProviders.removed'), failure: t('signInProviders.removeFailed') },
    onSuccess: () => setConfirming(false),
  });
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-surface-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-text">
          {provider.displayName}
          <code className="font-mono text-xs text-muted">{provider.id}</code>
          <Badge tone={provider.clientSecretSet ? 'success' : 'warning'}>
            {provider.clientSecretSet
              ? t('signInProviders.secretSet')
              : t('signInProviders.secretMissing')}
          </Badge>
        </p>
        <p className="mt-0.5 break-all text-xs text-muted">
          {provider.issuerUrl} · {t('signInProviders.clientIdShort', { id: provider.clientId })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {t('signInProviders.edit')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {t('signInProviders.remove')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('signInProviders.removeTitle', { name: provider.displayName })}
        description={t('signInProviders.removeBody')}
        confirmLabel={t('signInProviders.remove')}
        cancelLabel={t('common.cancel')}
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
      />
    </li>
  );
}

/**
 * The provider's form: a new one needs a client secret; an edit keeps the secret unless a new
 * one is typed. A refusal lands on the field the server names.
 */
function useProviderForm(provider: AdminProvider | null, onDone: () => void) {
  const { t } = useTranslation('admin');
  const form = useForm<ProviderForm>({
    resolver: zodResolver(newProviderSchema),
    defaultValues: {
      id: provider?.id ?? '',
      displayName: provider?.displayName ?? '',
      issuerUrl: provider?.issuerUrl ?? 'https://',
      clientId: provider?.clientId ?? '',
      clientSecret: undefined,
    },
  });
  const save = useAdminMutation({
    mutationFn: ({ id, ...body }: ProviderForm) => adminApi.saveSignInProvider(id, body),
    messages: { success: t('signInProviders.saved'), failure: t('signInProviders.saveFailed') },
    onSuccess: onDone,
  });
  const submit = form.handleSubmit(async (values) => {
    const secret = values.clientSecret?.trim() ? values.clientSecret : undefined;
    if (!provider && !secret) {
      form.setError('clientSecret', {
        message: renderRule({ code: 'CLIENT_SECRET_REQUIRED', values: {} }),
      });
      return;
    }
    try {
      await save.mutateAsync({ ...values, clientSecret: secret });
    } catch (error) {
      applyFieldError(error, form.setError, FIELDS);
    }
  });
  return { form, submit };
}

function ProviderEditor({
  provider,
  onDone,
}: {
  provider: AdminProvider | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const { form, submit } = useProviderForm(provider, onDone);
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  /** A field's label (`signInProviders.<name>`), its error and its registration. */
  const field = (name: keyof ProviderForm, options?: RegisterOptions<ProviderForm>) => ({
    label: t(`signInProviders.${name}`),
    error: errors[name]?.message,
    ...register(name, options),
  });
  return (
    <form
      noValidate
      aria-label={provider ? t('signInProviders.editTitle') : t('signInProviders.addTitle')}
      className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2"
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        {...field('id')}
        hint={t('signInProviders.idHint')}
        readOnly={provider !== null}
        autoCapitalize="none"
      />
      <TextField {...field('displayName')} />
      <TextField {...field('issuerUrl')} inputMode="url" autoCapitalize="none" />
      <TextField {...field('clientId')} autoCapitalize="none" />
      <PasswordInput
        {...field('clientSecret', { setValueAs: (v: string) => (v ? v : undefined) })}
        autoComplete="off"
        placeholder={provider ? t('signInProviders.secretKeep') : ''}
        hint={provider ? t('signInProviders.secretReplaceHint') : undefined}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" loading={isSubmitting}>
          {t('signInProviders.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('signInProviders.cancel')}
        </Button>
      </div>
    </form>
  );
}
