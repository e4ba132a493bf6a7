import { formatDateTime } from '../../../lib/dates';
import type { Notification } from '@app/shared/schemas/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button, LoadMore } from '../../../ui';
import {
  notificationListQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api';
import { notificationText } from '../notificationText';

/**
 * The user's alerts, newest first, paged: each with its time, unread ones marked and with a
 * button to mark them read, and one to mark them all.
 */
export function NotificationList({ unreadCount }: { unreadCount: number }) {
  const { t } = useTranslation('notifications');
  const list = useInfiniteQuery(notificationListQuery);
  const markAll = useMarkAllNotificationsRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  let body;
  if (list.isPending) body = <p className="px-4 py-6 text-sm text-muted">{t('loading')}</p>;
  else if (list.isError && notifications.length === 0) {
    body = (
      <div className="flex items-center gap-3 px-4 py-6">
        <p className="text-sm text-danger">{t('loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (notifications.length === 0) {
    body = <p className="px-4 py-6 text-sm text-muted">{t('empty')}</p>;
  } else {
    body = (
      <>
        <ul className="flex flex-col divide-y divide-border" aria-label={t('title')}>
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
        <LoadMore pages={list} label={t('more')} size="sm" align="start" className="px-4 py-3" />
      </>
    );
  }

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold text-text">{t('title')}</h2>
        {unreadCount > 0 && (
          <Button
            variant="ghost"
            size="sm"
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('markAllRead')}
          </Button>
        )}
      </div>
      <div className="min-h-0 overflow-y-auto">{body}</div>
    </div>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkNotificationRead();
  const unread = notification.readAt === null;
  const { marker, title, body } = notificationText(notification, t);
  return (
    <li className={clsx('flex gap-3 px-4 py-3', unread && 'bg-brand/5')}>
      <span
        aria-hidden="true"
        className={clsx(
          'mt-1.5 size-2 shrink-0 rounded-full',
          unread ? 'bg-brand' : 'bg-transparent',
        )}
      />
      <div className="min-w-0 flex-1">
        {marker && (
          <p className="mb-1 inline-block rounded border border-practice/50 bg-practice/10 px-1.5 text-xs font-semibold text-practice">
            {marker}
          </p>
        )}
        <p className="text-sm font-medium break-words text-text">
          {unread && <span className="sr-only">{t('unread')}: </span>}
          {title}
        </p>
        <p className="mt-0.5 text-sm break-words text-muted">{body}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <time className="text-xs text-muted" dateTime={notification.createdAt}>
            {formatDateTime(notification.createdAt)}
          </time>
          {unread && (
            <button
              type="button"
              className="rounded text-xs font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate(notification.id)}
            >
              {t('markRead')}
              <span className="sr-only">: {title}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
