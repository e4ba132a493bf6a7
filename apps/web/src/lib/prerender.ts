import type { DehydratedState } from '@tanstack/react-query';

/**
 * Public pages arrive as HTML the server rendered (entry-server.tsx) and are hydrated: the first
 * render in the browser must then equal the server's, which is English, signed out, with the
 * data the server put in the page.
 */
export const ROOT_ID = 'root';
/**
 * The element the server writes React Query's cache into, as JSON (a data block the browser never
 * runs, so the content security policy's `script-src 'self'` holds).
 */
export const QUERY_STATE_ID = 'query-state';

/** The cache state the server rendered the page with, if any. */
export function prerenderedQueryState(): DehydratedState | undefined {
  const text = document.getElementById(QUERY_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}

/** True in the browser when the server sent this page's content in its HTML. */
export function isPrerendered(): boolean {
  if (typeof document === 'undefined') return false;
  return document.getElementById(ROOT_ID)?.firstElementChild != null;
}
