import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { MenuIcon } from '../../../ui/icons';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NAV_LINKS } from './navigation';
import { useHydrated } from '../../../lib/prerender';

/** The fixed top bar: brand, the section links, Login; below `md` the links move into a menu. */
export function TopBar() {
  const { t } = useTranslation('public');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const hydrated = useHydrated();

  // The menu is a sibling of the header: the header's backdrop filter would otherwise become the
  // containing block of the menu's fixed positioning.
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-bg/85 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label={t('nav.label')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.key}>
                  <Link
                    to={link.to}
                    className="rounded-md px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-text"
                  >
                    {t(`nav.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            <Link to="/login" className={buttonClasses('primary', 'sm')}>
              {t('nav.login')}
            </Link>
            <button
              ref={menuButtonRef}
              type="button"
              onClick={() => setMenuOpen(true)}
              disabled={!hydrated}
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              className="flex size-11 items-center justify-center rounded-lg text-text hover:bg-surface-2 md:hidden"
            >
              <MenuIcon width={22} height={22} />
            </button>
          </div>
        </div>
      </header>
      <MobileMenu open={menuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />
    </>
  );
}
