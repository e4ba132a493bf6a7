import { formatDate } from '../../../lib/dates';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_FRESH_SIGN_IN_MINUTES,
  createApiTokenSchema,
  type ApiToken,
} from '@app/shared/schemas/api-tokens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  PasswordInput,
  SelectField,
  TextField,
} from '../../../ui';
import { Form, useSchemaForm } from '../../../ui/forms';
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from '../api';
import { ListRow, LoadedList, RowAction } from './ListPieces';

/**
 * Personal API tokens on /profile: read-only access for the user's own scripts (account summary,
 * trades, transactions, statements). Making one asks for the password (the server also accepts a
 * sign-in less than API_TOKEN_FRESH_SIGN_IN_MINUTES old, for an account opened through a provider
 * without a password). A new token is shown once, here, and never again.
 */
export function ApiTokensCard() {
  const { t } = useTranslation('profile');
  const tokens = useQuery(apiTokensQuery);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  return (
    <Card title={t('apiTokens.title')} description={t('apiTokens.description')}>
      <div className="flex flex-col gap-5">
        {created ? (
          <NewTokenNotice {...created} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm onCreated={setCreated} />
        )}
        <LoadedList
          query={tokens}
          loadFailed={t('apiTokens.loadFailed')}
          empty={t('apiTokens.empty')}
          label={t('apiTokens.listLabel')}
        >
          {(token) => <TokenRow key={token.id} token={token} />}
        </LoadedList>
      </div>
    </Card>
  );
}

function CreateTokenForm({
  onCreated,
}: {
  onCreated: (made: { name: string; token: string }) => void;
}) {
  const { t } = useTranslation('profile');
  const create = useCreateApiToken();
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useSchemaForm(
    createApiTokenSchema,
    { defaultValues: { name: '', expiresInDays: 30, password: '' } },
  );
  const submit = handleSubmit(async (values) => {
    try {
      const { token, apiToken } = await create.mutateAsync({
        ...values,
        password: values.password || undefined,
      });
      reset();
      onCreated({ name: apiToken.name, token });
    } catch (error) {
      if (!applyFieldError(error, setError, ['name', 'expiresInDays', 'password'])) {
        toast.error(errorMessage(error));
      }
    }
  });
  return (
    <Form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem] sm:items-start">
      <TextField
        label={t('apiTokens.name')}
        placeholder={t('apiTokens.namePlaceholder')}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label={t('apiTokens.expiry')}
        labelClassName="text-sm font-medium"
        {...register('expiresInDays', { valueAsNumber: true })}
      >
        {API_TOKEN_EXPIRY_CHOICES.map((days) => (
          <option key={days} value={days}>
            {t('apiTokens.days', { count: days })}
          </option>
        ))}
      </SelectField>
      <PasswordInput
        label={t('apiTokens.password')}
        autoComplete="current-password"
        hint={t('apiTokens.passwordHint', { count: API_TOKEN_FRESH_SIGN_IN_MINUTES })}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          {t('apiTokens.create')}
        </Button>
      </div>
    </Form>
  );
}

function NewTokenNotice({
  name,
  token,
  onDone,
}: {
  name: string;
  token: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-brand/40 bg-brand/10 p-4"
      data-testid="new-api-token"
    >
      <p className="text-sm font-medium text-text">{t('apiTokens.createdTitle', { name })}</p>
      <p className="text-sm text-muted">{t('apiTokens.createdBody')}</p>
      <code className="block break-all rounded-md bg-surface-2 px-3 py-2 font-mono text-sm text-text">
        {token}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={token} size="sm" />
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('apiTokens.done')}
        </Button>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeApiToken();
  const live = token.status === 'active';
  return (
    <ListRow
      action={
        live && (
          <RowAction
            mutation={revoke}
            variables={token.id}
            done={t('apiTokens.revoked')}
            label={t('apiTokens.revoke')}
            ariaLabel={t('apiTokens.revokeNamed', { name: token.name })}
          />
        )
      }
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-text">
        {token.name}
        <code className="font-mono text-xs text-muted">{token.hint}…</code>
        {token.status === 'revoked' && <Badge tone="danger">{t('apiTokens.revokedBadge')}</Badge>}
        {token.status === 'expired' && <Badge tone="warning">{t('apiTokens.expiredBadge')}</Badge>}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        {[
          t('apiTokens.createdOn', { date: formatDate(token.createdAt) }),
          t('apiTokens.expiresOn', { date: formatDate(token.expiresAt) }),
          token.lastUsedAt
            ? t('apiTokens.lastUsed', { date: formatDate(token.lastUsedAt) })
            : t('apiTokens.neverUsed'),
        ].join(' · ')}
      </p>
    </ListRow>
  );
}
