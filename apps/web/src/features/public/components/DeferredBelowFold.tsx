import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ensureNamespace } from '../lazyNamespaces';
import { DEFERRED_ANCHORS } from './deferredAnchors';

const loadBelowFold = () =>
  Promise.all([import('./LandingBelowFold'), ensureNamespace('publicLower')]).then(([m]) => m);
const LandingBelowFold = lazy(loadBelowFold);

/** Start loading this far before the part scrolls into view, so it is there when it arrives. */
const PRELOAD_MARGIN = '1200px 0px';

/**
 * Keeps the landing page's first load within its JavaScript budget: the lower half (plans, track
 * record, stories, FAQ, contact form) loads when the visitor scrolls near it or follows a link to
 * one of its anchors.
 * Until then, placeholders of about the same height hold the anchors so links still scroll.
 */
export function DeferredBelowFold() {
  const { hash } = useLocation();
  const [wanted, setWanted] = useState(() => DEFERRED_ANCHORS.includes(hash));
  const markerRef = useRef<HTMLDivElement>(null);

  if (!wanted && DEFERRED_ANCHORS.includes(hash)) setWanted(true);

  useEffect(() => {
    if (wanted) return;
    const marker = markerRef.current;
    if (!marker || typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [wanted]);

  const placeholder = <BelowFoldPlaceholder />;
  return (
    <div ref={markerRef}>
      {wanted ? <Suspense fallback={placeholder}>{<LandingBelowFold />}</Suspense> : placeholder}
    </div>
  );
}

/** Quiet blocks the size of the real sections, carrying their anchors. */
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
