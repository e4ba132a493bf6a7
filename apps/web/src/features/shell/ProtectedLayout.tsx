import type { Me } from '@app/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useAuthStore, useSession, watchForExpiredSession } from '../../lib/auth';
import { RealtimeProvider, ReconnectingBanner } from '../../lib/realtime';
import { realtimeHandlers } from '../../app/realtime';
import { useBook } from '../../lib/book';
import { Button, LoadingScreen, SkipLink } from '../../ui';
import { PracticeMarker } from '../../ui/Practice';
import { PublicLayout } from '../public/components/PublicLayout';
import { Sidebar } from './components/Sidebar';
import { AppTopBar } from './components/AppTopBar';
import { usePageTitle, useScrollToTopOnNavigate } from './hooks/useLayoutEffects';
import { adminMenu, isAdminPath, userMenuFor } from './menus';

/**
 * The signed-in group: 'Loading' while the session is checked, /login without a user, and the
 * shell (sidebar or mobile menu, top bar) around the page otherwise. A page whose route says
 * `handle: { visitors: true }` (/plans) is also readable by a visitor, in the public frame.
 */
export function ProtectedLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loggedOut = useAuthStore((state) => state.loggedOut);
  const signedOutTo = useAuthStore((state) => state.signedOutTo);
  const matches = useMatches();
  const openToVisitors = matches.some(
    (match) => (match.handle as { visitors?: unknown } | undefined)?.visitors === true,
  );

  useEffect(() => watchForExpiredSession(queryClient), [queryClient]);

  if (session.status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (session.status === 'error' || !session.user) {
    if (session.status === 'error') {
      return (
        <div
          role="alert"
          className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center"
        >
          <p className="max-w-sm text-muted">{t('sessionError')}</p>
          <Button variant="secondary" onClick={session.refetch} loading={session.isChecking}>
            {t('retry')}
          </Button>
        </div>
      );
    }
    if (signedOutTo) return <Navigate to={signedOutTo.path} replace state={signedOutTo.state} />;
    if (openToVisitors) return <VisitorFrame />;
    // After an expired session, /login brings the user back here; after Logout it starts fresh.
    const state = loggedOut ? null : { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  // Signed in with the printed one-time password: the server answers nothing else until it is
  // replaced (403 PASSWORD_CHANGE_REQUIRED), so the screen that says why comes first.
  if (session.user.passwordChangeRequired) return <Navigate to="/change-password" replace />;
  const onAdminRoute = isAdminPath(location.pathname);
  if (onAdminRoute && !session.user.isAdmin) return <Navigate to="/dashboard" replace />;
  return (
    <RealtimeProvider enabled handlers={realtimeHandlers}>
      <Shell user={session.user} onAdminRoute={onAdminRoute} />
    </RealtimeProvider>
  );
}

/** A page open to visitors, read before signing up: the public top bar and footer around it. */
function VisitorFrame() {
  usePageTitle();
  return <PublicLayout />;
}

function Shell({ user, onAdminRoute }: { user: Me; onAdminRoute: boolean }) {
  const { t } = useTranslation('shell');
  const title = usePageTitle();
  useScrollToTopOnNavigate();
  const items = onAdminRoute ? adminMenu : userMenuFor(user);
  const home = onAdminRoute ? '/admin' : '/dashboard';
  const book = useBook();

  return (
    <div className="min-h-dvh bg-bg">
      <SkipLink label={t('skipToContent')} />
      <Sidebar items={items} home={home} />
      <div className="min-[770px]:pl-[300px]">
        <ReconnectingBanner />
        <AppTopBar
          user={user}
          title={title}
          onAdminRoute={onAdminRoute}
          home={home}
          items={items}
        />
        {book === 'practice' && !onAdminRoute && <PracticeMarker className="sticky top-16 z-10" />}
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8"
        >
          {onAdminRoute && !user.twoFactorEnabled ? <AdminTwoFactorNotice /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}

/**
 * The admin area for an admin without two-factor sign-in: the server refuses every admin
 * operation (ADMIN_TWO_FACTOR_REQUIRED), so say what to do and link to the setup on /profile.
 */
function AdminTwoFactorNotice() {
  const { t } = useTranslation('shell');
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-start gap-3 rounded-2xl border border-border bg-surface p-6"
    >
      <h2 className="text-lg font-semibold">{t('adminTwoFactor.title')}</h2>
      <p className="text-muted">{t('adminTwoFactor.body')}</p>
      <Link
        to="/profile"
        className="inline-flex min-h-10 items-center justify-center rounded-lg bg-brand px-4 py-2 text-center font-semibold text-bg hover:bg-brand-strong"
      >
        {t('adminTwoFactor.setUp')}
      </Link>
    </section>
  );
}
