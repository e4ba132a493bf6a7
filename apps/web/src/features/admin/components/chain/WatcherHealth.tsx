import type { ChainWatcherStatus } from '@app/shared/schemas/chain';
import { useTranslation } from 'react-i18next';
import { Badge, Card, EmptyState, type BadgeTone } from '../../../../ui';
import { adminApi, adminKeys } from '../../api';
import { formatDateTime } from '../../format';
import { useAdminQuery } from '../../hooks/useAdminQuery';
import { QueryResult } from '../QueryStates';

/** A watcher's health changes with no event: it is read again this often. */
export const WATCHER_REFRESH_MS = 15_000;

/** One watcher's state in words and its badge's colour. */
function healthOf(watcher: ChainWatcherStatus): { key: string; count?: number; tone: BadgeTone } {
  if (watcher.lastError) return { key: 'paused', tone: 'danger' };
  if (watcher.lastPassAt === null || watcher.blocksBehind === null) {
    return { key: 'notStarted', tone: 'neutral' };
  }
  if (watcher.blocksBehind === 0) return { key: 'upToDate', tone: 'success' };
  return { key: 'behind', count: watcher.blocksBehind, tone: 'info' };
}

/** The top of /admin/chain-transfers: each chain watcher, whether it credits, and how far behind it is. */
export function WatcherHealth() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.chainWatchers, (signal) => adminApi.chainWatchers(signal), {
    refetchIntervalMs: WATCHER_REFRESH_MS,
  });
  return (
    <Card
      title={t('chainTransfers.health.title')}
      description={t('chainTransfers.health.description')}
    >
      <QueryResult query={query}>
        {(watchers) =>
          watchers.length === 0 ? (
            <EmptyState title={t('chainTransfers.health.empty')} />
          ) : (
            <ul
              aria-label={t('chainTransfers.health.caption')}
              className="grid gap-3 md:grid-cols-2"
            >
              {watchers.map((watcher) => (
                <WatcherItem key={`${watcher.network}:${watcher.token}`} watcher={watcher} />
              ))}
            </ul>
          )
        }
      </QueryResult>
    </Card>
  );
}

function WatcherItem({ watcher }: { watcher: ChainWatcherStatus }) {
  const { t } = useTranslation('admin');
  const health = healthOf(watcher);
  return (
    <li
      data-testid="chain-watcher"
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2 px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-text">
          {t('chainTransfers.health.watcher', {
            token: watcher.token,
            network: watcher.networkName,
          })}
        </span>
        <Badge tone={health.tone}>
          {t(`chainTransfers.health.${health.key}`, { count: health.count })}
        </Badge>
      </div>
      {watcher.lastError && (
        <div className="text-sm">
          <p className="text-muted">{t('chainTransfers.health.pausedHint')}</p>
          <p className="mt-1 font-mono text-xs break-words text-danger">
            {t('chainTransfers.health.lastError', { error: watcher.lastError })}
          </p>
        </div>
      )}
      <p className="flex flex-wrap gap-x-3 text-xs text-muted">
        {watcher.cursorBlock !== null && watcher.head !== null && (
          <span>
            {t('chainTransfers.health.blocks', { cursor: watcher.cursorBlock, head: watcher.head })}
          </span>
        )}
        {watcher.lastPassAt && (
          <span>
            {t('chainTransfers.health.lastPass', { date: formatDateTime(watcher.lastPassAt) })}
          </span>
        )}
      </p>
    </li>
  );
}
