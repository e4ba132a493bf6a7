import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { TopBar } from '../../../ui/TopBar';
import { useSignedInHome } from '../hooks/useSignedInHome';
import { LinkList } from './LinkList';
import { Logo } from './Logo';
import { NAV_LINKS } from './navigation';

/**
 * The public site's top bar: brand, the section links, Login (Dashboard for a signed-in reader);
 * below `md` the links move into the menu.
 */
export function SiteTopBar() {
  const { t } = useTranslation('public');
  const home = useSignedInHome();
  const account = home
    ? { to: home, label: t('nav.dashboard') }
    : { to: '/login', label: t('nav.login') };
  const navLabel = (key: string) => t(`nav.${key}`);
  return (
    <TopBar
      variant="site"
      menu={{
        openLabel: t('nav.openMenu'),
        label: t('nav.menu'),
        closeLabel: t('nav.closeMenu'),
        brand: (close) => <Logo onClick={close} />,
        content: (close) => (
          <>
            <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto p-4">
              <LinkList
                links={NAV_LINKS}
                label={navLabel}
                onNavigate={close}
                className="flex flex-col gap-1"
                linkClassName="flex h-12 items-center rounded-lg px-3 text-base font-medium text-text hover:bg-surface-2"
              />
            </nav>
            <div className="border-t border-border p-4">
              <Link
                to={account.to}
                onClick={close}
                className={buttonClasses('primary', 'lg', true)}
              >
                {account.label}
              </Link>
            </div>
          </>
        ),
      }}
      end={
        <Link to={account.to} className={buttonClasses('primary', 'sm')}>
          {account.label}
        </Link>
      }
    >
      <Logo />
      <nav aria-label={t('nav.label')} className="hidden md:block">
        <LinkList
          links={NAV_LINKS}
          label={navLabel}
          className="flex items-center gap-1"
          linkClassName="rounded-md px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-text"
        />
      </nav>
    </TopBar>
  );
}
