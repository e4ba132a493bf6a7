import { formatDate } from '../../../lib/dates';
import type { SessionInfo } from '@app/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui';
import { sessionsQuery, useRevokeSession } from '../api';
import { SecurityRow } from './SecurityRow';
import { describeUserAgent } from './userAgent';
import { ListRow, LoadedQuery, RowAction } from './ListPieces';
import { dotted } from '../../../lib/dotted';

export function ActiveSessions() {
  const { t } = useTranslation('profile');
  const sessions = useQuery(sessionsQuery);

  return (
    <SecurityRow title={t('sessions.title')} description={t('sessions.description')}>
      <LoadedQuery query={sessions} loadFailed={t('sessions.loadFailed')}>
        {(list) => (
          <ul className="flex flex-col gap-2">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
            {list.length <= 1 && <li className="px-1 text-sm text-muted">{t('sessions.empty')}</li>}
          </ul>
        )}
      </LoadedQuery>
    </SecurityRow>
  );
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation('profile');
  const revoke = useRevokeSession();
  const { browser, os } = describeUserAgent(session.userAgent);
  const device =
    browser && os
      ? t('sessions.on', { browser, os })
      : (browser ?? os ?? t('sessions.unknownDevice'));

  return (
    <ListRow
      action={
        !session.current && (
          <RowAction
            mutation={revoke}
            variables={session.id}
            done={t('sessions.revoked')}
            label={t('sessions.revoke')}
          />
        )
      }
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-text">
        {device}
        {session.current && <Badge tone="success">{t('sessions.thisDevice')}</Badge>}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        {dotted([
          session.ip ? t('sessions.ip', { ip: session.ip }) : null,
          t('sessions.signedIn', { date: formatDate(session.createdAt) }),
          t('sessions.lastSeen', { date: formatDate(session.lastSeenAt) }),
        ])}
      </p>
    </ListRow>
  );
}
