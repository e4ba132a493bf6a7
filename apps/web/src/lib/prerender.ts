import type { DehydratedState } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

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

/**
 * A signed-in page the server rendered arrives inert (nothing in it can be pressed before its
 * handlers exist): the app lifts that once it runs, hydrated or rendered anew.
 */
export function releaseServerHtml(): void {
  document.getElementById(ROOT_ID)?.removeAttribute('inert');
}

/** Where a page rendered for a signed-in reader names the time zone its times were written in. */
export const TIME_ZONE_META = 'rendered-time-zone';

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Whether the browser may take over the server's HTML as it is: the same language (English), and
 * for a page with times in it, the same time zone. Otherwise the page is rendered anew (the HTML
 * was still what the reader saw first).
 */
export function canHydrate(language: string): boolean {
  if (!isPrerendered() || language !== 'en') return false;
  const zone = renderedTimeZone();
  return zone === undefined || zone === localTimeZone();
}

function renderedTimeZone(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${TIME_ZONE_META}"]`)?.content;
}

/** True when the server rendered this page for a signed-in reader (not a public page). */
export function isRenderedForReader(): boolean {
  return isPrerendered() && renderedTimeZone() !== undefined;
}

const subscribeNever = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true once React runs the
 * page (at once for a page rendered in the browser). Controls that do nothing without JavaScript
 * (a form's fields and button, a menu toggle) are disabled until then, so nothing is typed into or
 * pressed on a page that cannot answer yet, and a form is never submitted natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
