import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button, LogoutIcon } from '../../../ui';
import { useLogout } from '../hooks/useLogout';
import type { MenuItem } from '../menus';

/** The list of pages plus Logout; the same in the desktop sidebar and the mobile menu. */
export function NavMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav aria-label={t('mainNav')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {items.map(({ to, labelKey, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-brand/10 text-brand-strong ring-1 ring-brand/30'
                      : 'text-muted hover:bg-surface-2 hover:text-text',
                  )
                }
              >
                <Icon />
                {t(labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-border p-3">
        <LogoutButton />
      </div>
    </div>
  );
}

export function LogoutButton() {
  const { t } = useTranslation('shell');
  const { logout, isPending } = useLogout();
  return (
    <Button
      variant="ghost"
      fullWidth
      loading={isPending}
      onClick={logout}
      className="justify-start text-muted hover:text-danger"
    >
      {!isPending && <LogoutIcon />}
      {isPending ? t('loggingOut') : t('logout')}
    </Button>
  );
}
