import { AsyncLocalStorage } from 'node:async_hooks';
import type { Me } from '@app/shared/schemas/auth';
import type { PublicConfig } from '@app/shared/schemas/common';
import { dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/App';
import { isPrerendered, isRenderedSignedIn, PRERENDERED_PATHS, routes } from './app/routes';
import { accountSummaryQuery } from './features/account/api';
import { tickersQuery } from './features/market/api';
import { notificationPreferencesQuery, unreadCountQuery } from './features/notifications/api';
import { myAppropriatenessQuery, myVerificationQuery } from './features/verification/api';
import { englishNamespaces, ensureNamespaces } from './i18n';
import { publicPlansQuery } from './features/public/api';
import {
  strategyDirectoryQuery,
  strategyListQuery,
  strategyOrdersQuery,
  strategyRecordQuery,
} from './features/strategies/api';
import { directoryViewOf } from './features/strategies/directory';
import { renderBelowFoldWith } from './features/public/components/DeferredBelowFold';
import LandingBelowFold from './features/public/components/LandingBelowFold';
import { feeScheduleQuery } from './features/withdrawals/api';
import { setApiTransport } from './lib/api';
import { fetchMe, sessionQueryKey } from './lib/auth';
import { applyServerConfig } from './lib/config';
import { localTimeZone, QUERY_STATE_ID, TIME_ZONE_META } from './lib/prerender';

/**
 * The server's rendering of the public pages (built by `vite build --ssr` into dist/ssr and loaded
 * by apps/server): a visitor without a session gets each page as HTML with all its content, in
 * English, with the figures the API gives at that moment, and the browser hydrates it (main.tsx).
 */
export { isPrerendered, isRenderedSignedIn, PRERENDERED_PATHS };

interface Prefetch {
  queryKey: QueryKey;
  queryFn: (context: never) => Promise<unknown>;
  /** An infinite query's first page (the order log). */
  initialPageParam?: unknown;
  getNextPageParam?: (last: never) => unknown;
}

/**
 * The API answers each page shows: fetched by the server before rendering, written into the page
 * and taken over by the browser's cache, so the HTML's figures are the API's current ones.
 * Live prices (the ticker) are left to the browser.
 */
function prefetchesFor(pathname: string, search: URLSearchParams): Prefetch[] {
  const plans = publicPlansQuery as unknown as Prefetch;
  switch (pathname) {
    case '/':
    case '/plans':
      return [plans];
    case '/withdrawals/fee':
      return [feeScheduleQuery] as unknown as Prefetch[];
    case '/strategies':
      // The directory's first page in the view the address asks for (the default: /strategies).
      return [strategyDirectoryQuery(directoryViewOf(search))] as unknown as Prefetch[];
    default: {
      // A strategy's page: its record, the list it is named in, and the order log's first page.
      const id = /^\/strategies\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
      if (!id) return [];
      return [
        strategyListQuery,
        strategyRecordQuery(id),
        strategyOrdersQuery(id),
      ] as unknown as Prefetch[];
    }
  }
}

/** What a signed-in page shows first, beside the session (whose user decides some of it). */
function signedInPrefetchesFor(pathname: string, user: Me): Prefetch[] {
  switch (pathname) {
    case '/dashboard':
      return [
        accountSummaryQuery('real'),
        tickersQuery,
        unreadCountQuery,
        // The bell reads them on every signed-in page (alert e-mails follow the app's language).
        notificationPreferencesQuery,
        ...(user.isAdmin ? [] : [myVerificationQuery, myAppropriatenessQuery]),
      ] as unknown as Prefetch[];
    default:
      return [];
  }
}

export interface RenderOptions {
  /** The path and query of the request, e.g. `/plans`. */
  url: string;
  config: PublicConfig;
  /**
   * How the API is reached from inside the server (same answers a browser would get); for a
   * signed-in page it carries the request's session.
   */
  fetch: typeof fetch;
  /** Render for the session `fetch` carries (a page of isRenderedSignedIn), not for a visitor. */
  signedIn?: boolean;
}

export interface Rendered {
  /** The markup inside `#root`. */
  html: string;
  /** For the end of `<head>`: the data cache's state for hydration (JSON, never executed). */
  head: string;
  /** The status the router gave (404 for an unknown path). */
  status: number;
}

let ready: Promise<void> | undefined;
renderBelowFoldWith(LandingBelowFold);

/**
 * Renders run concurrently and a signed-in one asks the API as its own user: the web code's one
 * transport reads the fetch of the render it runs in.
 */
const renderFetch = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const fetchOfRender = renderFetch.getStore();
  if (!fetchOfRender) throw new Error('an API call outside a render');
  return fetchOfRender(input, init);
});

/**
 * Renders one page: a public page for a visitor, or a signed-in page for the session the fetch
 * carries (null when that session is gone: the browser then renders the page, and sends the
 * reader to sign in).
 */
export function render(options: RenderOptions & { signedIn: true }): Promise<Rendered | null>;
export function render(options: RenderOptions): Promise<Rendered>;
export function render(options: RenderOptions): Promise<Rendered | null> {
  return renderFetch.run(options.fetch, () => renderPage(options));
}

async function renderPage({ url, config, signedIn }: RenderOptions): Promise<Rendered | null> {
  applyServerConfig(config);
  ready ??= ensureNamespaces(englishNamespaces(), 'en');
  await ready;

  const request = new Request(new URL(url, 'http://localhost'));
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected redirect for ${url}`);

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const { pathname, searchParams } = new URL(request.url);
  let prefetches: Prefetch[];
  if (signedIn) {
    // Asked without sessionQuery, whose answer also goes to the browser's stored snapshot (a
    // module of this process, shared by every render).
    const user = await fetchMe();
    if (!user) return null;
    queryClient.setQueryData(sessionQueryKey, user);
    prefetches = signedInPrefetchesFor(pathname, user);
  } else {
    // A visitor: the server sends this HTML only to a request without a session.
    queryClient.setQueryData(sessionQueryKey, null);
    prefetches = prefetchesFor(pathname, searchParams);
  }
  await Promise.all(
    prefetches.map(async (prefetch) => {
      const { queryKey } = prefetch;
      try {
        if (prefetch.getNextPageParam) {
          await queryClient.fetchInfiniteQuery(
            prefetch as unknown as Parameters<QueryClient['fetchInfiniteQuery']>[0],
          );
        } else {
          await queryClient.fetchQuery(
            prefetch as unknown as Parameters<QueryClient['fetchQuery']>[0],
          );
        }
      } catch {
        // Rendered as loading, as the browser first renders it; the browser then asks itself.
        queryClient.removeQueries({ queryKey, exact: true });
      }
    }),
  );

  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
    // Every boundary in place, in reading order: a large one would otherwise be sent at the end
    // of the page, hidden, and moved by a script (nothing to read without JavaScript).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();

  // The routes have no loaders: the browser's router needs no state of the server's, only the
  // data cache. (Each matched route's code is loaded before hydrating: app/router.tsx.)
  const state = JSON.stringify(dehydrate(queryClient));
  let head = `<script type="application/json" id="${QUERY_STATE_ID}">${escapeScript(state)}</script>`;
  // A signed-in page shows times in the reader's zone: the browser hydrates it only in the zone
  // it was rendered in (and renders it anew elsewhere).
  if (signedIn)
    head += `<meta name="${TIME_ZONE_META}" content="${escapeAttribute(localTimeZone())}">`;
  return { html, head, status: context.statusCode };
}

/** JSON inside a script element: nothing in it may close the element or open a comment. */
function escapeScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
