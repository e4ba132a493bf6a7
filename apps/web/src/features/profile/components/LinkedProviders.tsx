import { formatDate } from '../../../lib/dates';
import type { LinkedIdentity } from '@app/shared/schemas/sign-in';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, LoadingBlock } from '../../../ui';
import { identitiesQuery, useUnlinkIdentity } from '../api';
import { SecurityRow } from './SecurityRow';
import { mutateAndReport } from '../../../lib/mutation';

/** The provider accounts ("Continue with …") linked to this account, each removable. */
export function LinkedProviders() {
  const { t } = useTranslation('profile');
  const identities = useQuery(identitiesQuery);

  let body;
  if (identities.isPending) body = <LoadingBlock className="py-6" />;
  else if (identities.isError)
    body = (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-muted">
        <span>{t('providers.loadFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void identities.refetch()}>
          {t('sessions.retry')}
        </Button>
      </div>
    );
  else if (identities.data.length === 0)
    body = <p className="px-1 text-sm text-muted">{t('providers.empty')}</p>;
  else
    body = (
      <ul className="flex flex-col gap-2" aria-label={t('providers.title')}>
        {identities.data.map((identity) => (
          <IdentityRow key={identity.id} identity={identity} />
        ))}
      </ul>
    );

  return (
    <SecurityRow title={t('providers.title')} description={t('providers.description')}>
      {body}
    </SecurityRow>
  );
}

function IdentityRow({ identity }: { identity: LinkedIdentity }) {
  const { t } = useTranslation('profile');
  const unlink = useUnlinkIdentity();
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-surface-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-text">{identity.displayName}</p>
        <p className="mt-0.5 break-all text-xs text-muted">
          {[
            identity.email,
            t('providers.linkedOn', { date: formatDate(identity.createdAt) }),
            identity.lastUsedAt
              ? t('providers.lastUsed', { date: formatDate(identity.lastUsedAt) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={unlink.isPending}
        aria-label={t('providers.removeNamed', { name: identity.displayName })}
        onClick={() =>
          mutateAndReport(unlink, identity.id, {
            onSuccess: () => toast.success(t('providers.removed')),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        {t('providers.remove')}
      </Button>
    </li>
  );
}
