import type { Me } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon, Badge, BrandMark } from '../../../ui';
import { LanguageSwitcher } from '../../../ui/LanguageSwitcher';
import { TopBar } from '../../../ui/TopBar';
import { NotificationBell } from '../../notifications/components/NotificationBell';
import type { MenuItem } from '../menus';
import { BookSwitch } from './BookSwitch';
import { NavMenu } from './NavMenu';
import { ProfileMenu } from './ProfileMenu';

const iconButton =
  'flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text';

/**
 * The signed-in app's top bar: menu button (below 770px, opening the sidebar's links as a
 * slide-in menu), back, the page title, the notification bell and the profile dropdown.
 */
export function AppTopBar({
  user,
  title,
  onAdminRoute,
  home,
  items,
}: {
  user: Me;
  title: string | undefined;
  onAdminRoute: boolean;
  home: string;
  items: MenuItem[];
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();

  function goBack() {
    // The data router numbers history entries; at the first one there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(home));
  }

  return (
    <TopBar
      variant="app"
      menu={{
        openLabel: t('openMenu'),
        label: t('menuTitle'),
        closeLabel: t('closeMenu'),
        brand: () => <BrandMark />,
        content: (close) => (
          <>
            <NavMenu items={items} onNavigate={close} />
            <SidebarLanguage />
          </>
        ),
      }}
      end={
        <div className="flex items-center gap-1">
          {!onAdminRoute && <BookSwitch />}
          <NotificationBell />
          <ProfileMenu user={user} onAdminRoute={onAdminRoute} />
        </div>
      }
    >
      <button type="button" onClick={goBack} aria-label={t('back')} className={iconButton}>
        <ArrowLeftIcon />
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {title && (
          // On a phone the Practice / Real switch takes the title's room: a title cut to "D.."
          // says nothing, so there it is read out, not shown (each page shows its own heading).
          <h1
            className={`truncate text-base font-semibold text-text sm:text-lg ${onAdminRoute ? '' : 'max-sm:sr-only'}`}
          >
            {title}
          </h1>
        )}
        {onAdminRoute && <Badge tone="info">{t('admin')}</Badge>}
      </div>
    </TopBar>
  );
}

/** The language choice at the bottom of the sidebar and of the mobile menu. */
export function SidebarLanguage() {
  return (
    <div className="border-t border-border px-6 py-3">
      <LanguageSwitcher className="justify-between" />
    </div>
  );
}
