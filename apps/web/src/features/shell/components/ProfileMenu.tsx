import type { Me } from '@app/shared/schemas/auth';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Avatar,
  Badge,
  ChartIcon,
  ChevronDownIcon,
  HomeIcon,
  SparkIcon,
  UserIcon,
} from '../../../ui';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-text outline-none data-[highlighted]:bg-surface-2';

/** The avatar button in the top bar and its menu (seed section 2). */
export function ProfileMenu({ user, onAdminRoute }: { user: Me; onAdminRoute: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <DropdownMenu.Root>
      {/* Named by what it shows (the user's name) and what it is, so the visible text is part of
          its accessible name. */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-surface-2 data-[state=open]:bg-surface-2">
        <Avatar name={user.name} src={user.avatarUrl} size="sm" />
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.name}</span>
        <span className="sr-only">{t('accountMenu')}</span>
        <ChevronDownIcon width={16} height={16} className="text-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-xl border border-border bg-surface p-1.5 shadow-2xl shadow-black/50"
        >
          <div className="flex items-center gap-3 px-3 py-3">
            <Avatar name={user.name} src={user.avatarUrl} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-text">{user.name}</p>
              <p className="truncate text-xs text-muted">{user.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={onAdminRoute ? '/admin/profile' : '/profile'}>
              <UserIcon className="text-muted" />
              {onAdminRoute ? t('dropdown.adminProfile') : t('dropdown.userProfile')}
            </Link>
          </DropdownMenu.Item>
          {user.isAdmin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={onAdminRoute ? '/dashboard' : '/admin'}>
                {onAdminRoute ? (
                  <HomeIcon className="text-muted" />
                ) : (
                  <ChartIcon className="text-muted" />
                )}
                {onAdminRoute ? t('dropdown.userDashboard') : t('dropdown.adminDashboard')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/plans">
              <SparkIcon className="text-muted" />
              <span className="flex-1">{t('dropdown.upgradePlan')}</span>
              <Badge tone="success">{t('new')}</Badge>
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
