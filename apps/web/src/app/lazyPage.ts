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
 * A page's route with its title (`handle.title`, an i18n key the shell shows as the heading and
 * the document title): the page's code and its `namespaces` load together, as with `lazyPage`.
 */
export function titledPage(
  path: string,
  title: string,
  namespaces: readonly string[],
  load: () => Promise<ComponentType>,
): RouteObject {
  return { path, handle: { title }, lazy: lazyPage(load, (page) => page, namespaces) };
}
