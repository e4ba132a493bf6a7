import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { ensureNamespaces } from '../i18n';

/**
 * A route's `lazy`: loads the page's code and its texts together, so the page renders complete
 * (no flash of translation keys) and neither is in the first chunk.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly string[],
): LazyRouteFunction<RouteObject> {
  return async () => {
    const [module] = await Promise.all([load(), ensureNamespaces(namespaces)]);
    return { Component: pick(module) };
  };
}

/**
 * The route of one page: its path, its title (an i18n key, read by the layout) and the page,
 * loaded lazily with its texts (lazyPage).
 */
export function pageRoute(
  path: string,
  title: string,
  namespaces: readonly string[],
  loadPage: () => Promise<ComponentType>,
): RouteObject {
  return { path, handle: { title }, lazy: lazyPage(loadPage, (page) => page, namespaces) };
}
