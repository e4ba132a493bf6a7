import { formatDateTime } from '../../../lib/dates';
import type { ActivityEntry } from '@app/shared/schemas/activity';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button, LoadMore } from '../../../ui';
import { activityQuery } from '../api';
import { SecurityRow } from './SecurityRow';
import { describeUserAgent } from './userAgent';
import { dotted } from '../../../lib/dotted';

/** Entries a person should look at twice: a failed sign-in, or staff ending their sessions. */
const NOTABLE = new Set<ActivityEntry['action']>(['user.login_failed', 'user.sessions_revoked']);

/**
 * The account's own history from the audit log: sign-ins with their device and address, failed
 * sign-ins, security changes, and what staff did to the account (never who). Newest first, paged.
 */
export function ActivityLog() {
  const { t } = useTranslation('profile');
  const activity = useInfiniteQuery(activityQuery);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  let body;
  if (activity.isPending) body = <p className="text-sm text-muted">{t('activity.loading')}</p>;
  else if (activity.isError && entries.length === 0) {
    body = (
      <div className="flex items-center gap-3">
        <p className="text-sm text-danger">{t('activity.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void activity.refetch()}>
          {t('sessions.retry')}
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = <p className="text-sm text-muted">{t('activity.empty')}</p>;
  } else {
    body = (
      <>
        <ol className="flex flex-col gap-2" aria-label={t('activity.title')}>
          {entries.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} />
          ))}
        </ol>
        <LoadMore
          pages={activity}
          label={t('activity.more')}
          size="sm"
          align="start"
          className="mt-3"
        />
      </>
    );
  }
  return (
    <SecurityRow title={t('activity.title')} description={t('activity.description')}>
      <div className="flex flex-col">{body}</div>
    </SecurityRow>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation('profile');
  const { browser, os } = describeUserAgent(entry.userAgent);
  const device = browser && os ? t('sessions.on', { browser, os }) : (browser ?? os);
  return (
    <li
      className={clsx(
        'rounded-lg px-4 py-3',
        NOTABLE.has(entry.action) ? 'border border-warning/50 bg-warning/10' : 'bg-surface-2',
      )}
    >
      <p className="text-sm font-medium text-text">{t(`activity.actions.${entry.action}`)}</p>
      <p className="mt-0.5 text-xs break-words text-muted">
        {dotted([
          formatDateTime(entry.at),
          device,
          entry.ip ? t('sessions.ip', { ip: entry.ip }) : null,
        ])}
      </p>
    </li>
  );
}
