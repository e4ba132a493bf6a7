import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../ui';
import { unreadCountQuery } from '../api';
import { useEmailLanguageFollowsApp } from '../hooks/useEmailLanguageFollowsApp';
import { NotificationList } from './NotificationList';

/**
 * The bell in the top bar: the unread count on it, the list in a popover (focus moves into it,
 * Escape closes it and returns focus to the bell). The count and the list refresh live on the
 * realtime `notifications.changed` event.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useQuery(unreadCountQuery);
  useEmailLanguageFollowsApp();
  const count = unread.data ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={count > 0 ? t('bellUnread', { count }) : t('bell')}
        className="relative flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text data-[state=open]:bg-surface-2"
      >
        <BellIcon width={22} height={22} />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-bg"
          >
            {shown}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label={t('title')}
          className="z-50 flex max-h-[min(70vh,32rem)] w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-2xl shadow-black/50"
        >
          <NotificationList unreadCount={count} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
