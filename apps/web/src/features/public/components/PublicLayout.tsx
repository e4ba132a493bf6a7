import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useRouteScroll } from '../hooks/useRouteScroll';
import { Footer } from './Footer';
import { SiteTopBar } from './SiteTopBar';

/** The frame of every public page: skip link, fixed top bar, the page, footer. */
export function PublicLayout() {
  const { t } = useTranslation('public');
  useRouteScroll();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-bg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteTopBar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
