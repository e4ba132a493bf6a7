import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import { useLocation } from 'react-router';
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
    .then(() => Promise.all([import('./LandingBelowFold'), ensureNamespace('publicLower')]))
    .then(([module]) => module),
);

/** Start loading this far before the part scrolls into view, so it works when it arrives. */
const PRELOAD_MARGIN = '1200px 0px';

const subscribeNever = () => () => undefined;

let serverBelowFold: ComponentType | undefined;
/**
 * The server renders the lower half in place (entry-server passes it in, imported directly): in
 * the HTML it stands where it belongs, inside the same Suspense boundary the browser hydrates.
 */
export function renderBelowFoldWith(component: ComponentType): void {
  serverBelowFold = component;
}

export function DeferredBelowFold() {
  const LandingBelowFold = serverBelowFold ?? LazyBelowFold;
  const { hash } = useLocation();
  const markerRef = useRef<HTMLDivElement>(null);
  // True while hydrating the server's HTML (the server snapshot), false for a page rendered here.
  const hydrating = useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
  const [arrivedAsHtml] = useState(hydrating);
  if (!arrivedAsHtml || DEFERRED_ANCHORS.includes(hash)) openGate();

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

  return (
    <div ref={markerRef}>
      <Suspense fallback={<BelowFoldPlaceholder />}>
        <LandingBelowFold />
      </Suspense>
    </div>
  );
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
