import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolling for the public pages (the router leaves it to us):
 * - a link with a hash (`/#plans`) scrolls to that section, also when already on the page;
 * - a move to another page, or a click on a plain link to the current page, goes to the top;
 * - a change of the query string alone (opening an FAQ answer) leaves the page where it is.
 * The smoothness comes from `scroll-behavior: smooth`; sections carry `scroll-margin-top` for the
 * fixed top bar.
 */
export function useRouteScroll(): void {
  const { pathname, search, hash, key } = useLocation();
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search };
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ block: 'start' });
      return;
    }
    // First render: leave the position to the browser (reload keeps the place).
    if (!before) return;
    if (before.pathname !== pathname || before.search === search) window.scrollTo({ top: 0 });
  }, [pathname, search, hash, key]);
}
