import type { RouteObject } from 'react-router';
import { lazyPage, pageRoute } from '../../app/lazyPage';
import { ensureNamespace } from './lazyNamespaces';

type InfoPage = 'AboutPage' | 'TermsPage' | 'PrivacyPage' | 'RiskPage';

/** The reading pages wait for their texts (a separate chunk) so they never flash empty. */
function infoPage(name: InfoPage): RouteObject['lazy'] {
  return async () => {
    const [pages] = await Promise.all([
      import('./pages/InfoPages'),
      ensureNamespace('publicPages'),
    ]);
    return { Component: pages[name] };
  };
}

/** Public pages share one layout (top bar + footer), loaded lazily like the pages. */
export const publicRoutes: RouteObject[] = [
  {
    lazy: lazyPage(
      () => import('./components/PublicLayout'),
      (m) => m.PublicLayout,
      ['public'],
    ),
    children: [
      {
        path: '/',
        lazy: () => import('./pages/LandingPage').then((m) => ({ Component: m.LandingPage })),
      },
      { path: '/about', lazy: infoPage('AboutPage') },
      {
        path: '/contact',
        lazy: () => import('./pages/ContactPage').then((m) => ({ Component: m.ContactPage })),
      },
      { path: '/terms', lazy: infoPage('TermsPage') },
      { path: '/privacy', lazy: infoPage('PrivacyPage') },
      { path: '/risk', lazy: infoPage('RiskPage') },
      // The withdrawal fee schedule: readable before signing up, like the risk disclosure.
      pageRoute('/withdrawals/fee', 'withdrawals:fee.title', ['withdrawals'], () =>
        import('../withdrawals/pages/WithdrawalFeePage').then((m) => m.WithdrawalFeePage),
      ),
    ],
  },
];
