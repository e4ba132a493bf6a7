import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { isPrerendered } from '../../../lib/prerender';
import { ensureNamespace } from '../lazyNamespaces';
import { DEFERRED_ANCHORS } from './deferredAnchors';

/**
 * The code of the landing page's lower half (plans, track record, stories, FAQ, contact form) waits
 * behind this gate. Its content is always there: the server renders it into the page's HTML, and
 * a page rendered in the browser loads it at once. Only hydrating it (making the carousel, the FAQ
 * dialog and the form work) waits until the visitor gets near it, which keeps the first load within
 * its JavaScript budget by splitting code, not content.
 */
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

const LazyBelowFold = lazy(() =>
  gate
    .then(() =>
      Promise.all([
        import('./LandingBelowFold'),
        ensureNamespace('publicLower'),
        ensureNamespace('publicFaq'),
      ]),
    )
    .then(([module]) => module),
);

/** Start loading this far before the part scrolls into view, so it works when it arrives. */
const PRELOAD_MARGIN = '1200px 0px';

let serverBelowFold: ComponentType | undefined;
/**
 * The server renders the lower half in place (entry-server passes it in, imported directly): in
 * the HTML it stands where it belongs, inside the same Suspense boundary the browser hydrates.
 */
export function renderBelowFoldWith(component: ComponentType): void {
  serverBelowFold = component;
}

/**
 * Whether the landing page this load arrived with is the server's HTML, still to be hydrated. Read
 * by the first DeferredBelowFold only; any later one (a visit from another page) loads at once.
 */
let arrivingAsHtml = isPrerendered() && window.location.pathname === '/';

export function DeferredBelowFold() {
  const LandingBelowFold = serverBelowFold ?? LazyBelowFold;
  const { hash } = useLocation();
  const markerRef = useRef<HTMLDivElement>(null);
  const [hydrating] = useState(() => arrivingAsHtml);
  const [arrivalHash] = useState(hash);
  // The same element on every render: a dehydrated boundary that receives an update before its
  // code has loaded is thrown away and rendered anew (the placeholder first).
  const [boundary] = useState(() => (
    <Suspense fallback={<BelowFoldPlaceholder />}>
      <LandingBelowFold />
    </Suspense>
  ));

  useEffect(() => {
    arrivingAsHtml = false;
  }, []);
  // Following a link within the page (its address changes, which the lower half reads) hydrates it
  // now, as does arriving at one of its anchors.
  useEffect(() => {
    if (!hydrating || hash !== arrivalHash || DEFERRED_ANCHORS.includes(hash)) openGate();
  }, [hydrating, hash, arrivalHash]);

  useEffect(() => {
    const marker = markerRef.current;
    if (!marker || typeof IntersectionObserver === 'undefined') {
      openGate();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) openGate();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);

  return <div ref={markerRef}>{boundary}</div>;
}

/** Quiet blocks the size of the real sections, carrying their anchors, while the code loads. */
function BelowFoldPlaceholder() {
  return (
    <div aria-hidden="true">
      <div id="plans" className="min-h-[150rem] scroll-mt-20 sm:min-h-[80rem] xl:min-h-[48rem]" />
      <div className="min-h-[36rem]" />
      <div className="min-h-[40rem]" />
      <div
        id="faq"
        className="min-h-[52rem] scroll-mt-20 border-y border-border bg-surface/40 md:min-h-[36rem]"
      />
      <div id="contact" className="min-h-[56rem] scroll-mt-20 lg:min-h-[36rem]" />
    </div>
  );
}
