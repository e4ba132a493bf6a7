import { formatDate } from '../../../lib/dates';
import type { SessionInfo } from '@app/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { Badge, Button, LoadingBlock } from '../../../ui';
import { sessionsQuery, useRevokeSession } from '../api';
import { SecurityRow } from './SecurityRow';
import { describeUserAgent } from './userAgent';
import { mutateAndReport } from '../../../lib/mutation';

export function ActiveSessions() {
  const { t } = useTranslation('profile');
  const sessions = useQuery(sessionsQuery);

  let body;
  if (sessions.isPending) body = <LoadingBlock className="py-6" />;
  else if (sessions.isError)
    body = (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-muted">
        <span>{t('sessions.loadFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
          {t('sessions.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <ul className="flex flex-col gap-2">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
        {sessions.data.length <= 1 && (
          <li className="px-1 text-sm text-muted">{t('sessions.empty')}</li>
        )}
      </ul>
    );

  return (
    <SecurityRow title={t('sessions.title')} description={t('sessions.description')}>
      {body}
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
    <li className="flex flex-col gap-3 rounded-lg bg-surface-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-text">
          {device}
          {session.current && <Badge tone="success">{t('sessions.thisDevice')}</Badge>}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          {[
            session.ip ? t('sessions.ip', { ip: session.ip }) : null,
            t('sessions.signedIn', { date: formatDate(session.createdAt) }),
            t('sessions.lastSeen', { date: formatDate(session.lastSeenAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          loading={revoke.isPending}
          onClick={() =>
            mutateAndReport(revoke, session.id, {
              onSuccess: () => toast.success(t('sessions.revoked')),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {t('sessions.revoke')}
        </Button>
      )}
    </li>
  );
}
