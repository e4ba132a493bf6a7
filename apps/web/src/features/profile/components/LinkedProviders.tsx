import { formatDate } from '../../../lib/dates';
import type { LinkedIdentity } from '@app/shared/schemas/sign-in';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { identitiesQuery, useUnlinkIdentity } from '../api';
import { SecurityRow } from './SecurityRow';
import { ListRow, LoadedList, RowAction } from './ListPieces';
import { dotted } from '../../../lib/dotted';

/** The provider accounts ("Continue with …") linked to this account, each removable. */
export function LinkedProviders() {
  const { t } = useTranslation('profile');
  const identities = useQuery(identitiesQuery);

  return (
    <SecurityRow title={t('providers.title')} description={t('providers.description')}>
      <LoadedList
        query={identities}
        loadFailed={t('providers.loadFailed')}
        empty={t('providers.empty')}
        label={t('providers.title')}
      >
        {(identity) => <IdentityRow key={identity.id} identity={identity} />}
      </LoadedList>
    </SecurityRow>
  );
}

function IdentityRow({ identity }: { identity: LinkedIdentity }) {
  const { t } = useTranslation('profile');
  const unlink = useUnlinkIdentity();
  return (
    <ListRow
      action={
        <RowAction
          mutation={unlink}
          variables={identity.id}
          done={t('providers.removed')}
          label={t('providers.remove')}
          ariaLabel={t('providers.removeNamed', { name: identity.displayName })}
        />
      }
    >
      <p className="text-sm font-medium text-text">{identity.displayName}</p>
      <p className="mt-0.5 break-all text-xs text-muted">
        {dotted([
          identity.email,
          t('providers.linkedOn', { date: formatDate(identity.createdAt) }),
          identity.lastUsedAt
            ? t('providers.lastUsed', { date: formatDate(identity.lastUsedAt) })
            : null,
        ])}
      </p>
    </ListRow>
  );
}
