import { matchRoutes } from 'react-router';
import { routes } from './routes';

/**
 * A page's code arrives as the browser finds its imports (the build appends no preload links: on
 * the first page they cost the main thread more than they saved). So that following a link does
 * not wait for that chain of requests, the code of the pages the reader may open next is fetched
 * ahead: a link's page as soon as the pointer rests on it, the finger touches it or it takes the
 * focus, and the page's navigation links once the page has loaded and the browser is idle.
 */
export function warmLikelyRoutes(): void {
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, warmLinkOf, { capture: true, passive: true });
  }
  whenSettled(() => warmOneByOne(navigationPaths()));
}

/** How long after the page settles its navigation's pages are fetched (the reader is reading). */
const AFTER_SETTLED_MS = 2_000;
const warmed = new Set<string>();

/** Loads the code (and texts) of the page at `path`; a failure is left to the navigation. */
export function warmRoute(path: string): void {
  if (warmed.has(path)) return;
  warmed.add(path);
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => warmed.delete(path));
  }
}

function warmLinkOf(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) {
    warmRoute(link.pathname);
  }
}

function navigationPaths(): string[] {
  const links = document.querySelectorAll<HTMLAnchorElement>('nav a[href]');
  return [...links]
    .filter((link) => link.origin === window.location.origin)
    .map((link) => link.pathname);
}

/** One page per idle moment, so no long task is made of them. */
function warmOneByOne(paths: string[]): void {
  const [next, ...rest] = paths;
  if (next === undefined) return;
  idle(() => {
    warmRoute(next);
    warmOneByOne(rest);
  });
}

function whenSettled(run: () => void): void {
  const afterLoad = () => idle(() => setTimeout(run, AFTER_SETTLED_MS));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

function idle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
}
