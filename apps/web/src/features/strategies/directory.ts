import {
  DEFAULT_RETURN_WINDOW,
  RETURN_WINDOWS,
  type ReturnWindow,
} from '@app/shared/return-windows';
import { DIRECTORY_SORTS, type DirectorySort } from '@app/shared/schemas/strategies';

/** What the directory shows: its order, the window its returns are over, and paused ones or not. */
export interface DirectoryView {
  sort: DirectorySort;
  window: ReturnWindow;
  paused: boolean;
}

export const DEFAULT_DIRECTORY_VIEW: DirectoryView = {
  sort: 'return',
  window: DEFAULT_RETURN_WINDOW,
  paused: true,
};

function oneOf<V extends string>(options: readonly V[], text: string | null, fallback: V): V {
  return options.find((option) => option === text) ?? fallback;
}

/**
 * The view the page's address asks for (`?sort=&window=&paused=false`, each optional: the server's
 * defaults); an unknown value is the default, so an old or mistyped link still opens the page.
 */
export function directoryViewOf(search: URLSearchParams): DirectoryView {
  return {
    sort: oneOf(DIRECTORY_SORTS, search.get('sort'), DEFAULT_DIRECTORY_VIEW.sort),
    window: oneOf(RETURN_WINDOWS, search.get('window'), DEFAULT_DIRECTORY_VIEW.window),
    paused: search.get('paused') !== 'false',
  };
}

/** The address's query for a view: only what differs from the default, so the default is `/strategies`. */
export function directorySearchOf(view: DirectoryView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.sort !== DEFAULT_DIRECTORY_VIEW.sort) search.set('sort', view.sort);
  if (view.window !== DEFAULT_DIRECTORY_VIEW.window) search.set('window', view.window);
  if (!view.paused) search.set('paused', 'false');
  return search;
}
