import type { Me } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses, Card, ChartIcon, HomeIcon, LogoutIcon } from '../../../ui';
import { useLogout } from '../../shell/hooks/useLogout';
import { isAdminPath } from '../../shell/menus';

/** Actions: Logout, and for admins the switch between the admin area and the user dashboard. */
export function ProfileActions({ user }: { user: Me }) {
  const { t } = useTranslation('profile');
  const { pathname } = useLocation();
  const { logout, isPending } = useLogout();
  const onAdminRoute = isAdminPath(pathname);

  return (
    <Card title={t('actions.title')}>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        {user.isAdmin && (
          <Link
            to={onAdminRoute ? '/dashboard' : '/admin'}
            className={buttonClasses('secondary', 'md', true)}
          >
            {onAdminRoute ? <HomeIcon aria-hidden="true" /> : <ChartIcon aria-hidden="true" />}
            {onAdminRoute ? t('actions.userDashboard') : t('actions.adminDashboard')}
          </Link>
        )}
        <Button
          variant="secondary"
          fullWidth

          loading={isPending}
          onClick={logout}
        >
          {!isPending && <LogoutIcon aria-hidden="true" />}
          {isPending ? t('actions.loggingOut') : t('actions.logout')}
        </Button>
      </div>
    </Card>
  );
}
