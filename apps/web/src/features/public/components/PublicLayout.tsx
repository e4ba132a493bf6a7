import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SkipLink } from '../../../ui/SkipLink';
import { useRouteScroll } from '../hooks/useRouteScroll';
import { Footer } from './Footer';
import { SiteTopBar } from './SiteTopBar';

/** The frame of every public page: skip link, fixed top bar, the page, footer. */
export function PublicLayout() {
  const { t } = useTranslation('public');
  useRouteScroll();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink label={t('nav.skipToContent')} />
      <SiteTopBar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
