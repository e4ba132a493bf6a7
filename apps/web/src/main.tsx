import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createRouter } from './app/router';
import { currentLanguage } from './i18n';
import { queryClient } from './lib/queryClient';
import {
  canHydrate,
  isPrerendered,
  isRenderedForReader,
  prerenderedQueryState,
  ROOT_ID,
} from './lib/prerender';
import './index.css';

const root = document.getElementById(ROOT_ID);
if (!root) throw new Error('Missing #root element');

/**
 * A page the server rendered (a public page for a visitor, the dashboard for its reader) is
 * hydrated with the data the server rendered it with; any other page is rendered here. A reader
 * who chose another language than the server's English, or who reads a signed-in page in another
 * time zone, gets the page rendered anew.
 */
async function start(container: HTMLElement) {
  const state = prerenderedQueryState();
  if (state) hydrate(queryClient, state);
  // An app page asks who is signed in at once, beside its route's code, not after it (a public
  // page, rendered by the server, does not load the session's code for that).
  if (!isPrerendered()) {
    void import('./lib/auth').then(({ sessionQuery }) => queryClient.prefetchQuery(sessionQuery));
  }
  const router = await createRouter();
  // Whether to hydrate reads the time zone, whose first use loads the locale's data (some 60 ms
  // on a throttled phone): in a task of its own, not added to the one evaluating the modules.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const prerendered = canHydrate(currentLanguage());
  const app = <App queryClient={queryClient} router={router} />;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already painted: nothing waits for it).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  whenToastsMayCome(
    isPrerendered() && !isRenderedForReader(),
    () => void import('./app/Toasts').then((m) => m.mountToasts()),
  );
}

const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * When to load the toaster (sonner hands it any toast raised before). On a public page a toast
 * only ever answers something the visitor did (a form sent), so its code waits for the first
 * interaction and a reader who only reads never loads it; elsewhere it loads once the page is idle.
 */
function whenToastsMayCome(publicPage: boolean, mount: () => void) {
  if (publicPage) {
    const once = () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, once, true);
      mount();
    };
    for (const type of FIRST_INTERACTIONS) {
      window.addEventListener(type, once, { capture: true, passive: true });
    }
  } else if ('requestIdleCallback' in window) requestIdleCallback(mount, { timeout: 2000 });
  else setTimeout(mount, 1000);
}

void start(root);
