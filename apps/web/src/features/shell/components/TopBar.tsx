import type { Me } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon, Badge, MenuIcon } from '../../../ui';
import { ProfileMenu } from './ProfileMenu';

const iconButton =
  'flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-text';

/** Sticky bar: menu button (mobile), back, the page title, and the profile dropdown. */
export function TopBar({
  user,
  title,
  onAdminRoute,
  home,
  onOpenMenu,
}: {
  user: Me;
  title: string | undefined;
  onAdminRoute: boolean;
  home: string;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();

  function goBack() {
    // The data router numbers history entries; at the first one there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(home));
  }

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-bg/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-bg/70 sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('openMenu')}
        className={`${iconButton} min-[770px]:hidden`}
      >
        <MenuIcon />
      </button>
      <button type="button" onClick={goBack} aria-label={t('back')} className={iconButton}>
        <ArrowLeftIcon />
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {title && (
          <h1 className="truncate text-base font-semibold text-text sm:text-lg">{title}</h1>
        )}
        {onAdminRoute && <Badge tone="info">{t('admin')}</Badge>}
      </div>
      <ProfileMenu user={user} onAdminRoute={onAdminRoute} />
    </header>
  );
}
