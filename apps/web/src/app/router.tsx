import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

/**
 * Loads the code (and texts) of the routes matching the current address before the router starts,
 * so the first render is the page itself: it must equal the server's HTML to hydrate it, and a
 * page rendered in the browser alone never shows a blank frame first.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** The browser's router; takes the server's router state from the page when it was rendered there. */
export async function createRouter() {
  await loadMatchedRoutes();
  return createBrowserRouter(routes);
}
