import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ContactSection } from './ContactSection';
import { DEFERRED_ANCHORS } from './deferredAnchors';
import { FaqSection } from './FaqSection';
import { PerformanceBlock } from './PerformanceBlock';
import { PlansSection } from './PlansSection';
import { TestimonialsSection } from './TestimonialsSection';

/** How long a followed anchor is held in place while the sections above it settle. */
const PIN_MS = 2000;

/**
 * The landing page's lower half (plans and track record from the API, stories carousel, FAQ,
 * contact form), a chunk of its own loaded when the visitor gets near it (see DeferredBelowFold).
 */
export default function LandingBelowFold() {
  const { hash } = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);

  // Arriving through a link to #plans, #faq or #contact: placeholders stood here while the link was
  // followed, and the plans above still change height when their data arrives. Hold the target at
  // the top until things settle or the visitor scrolls by themselves.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !DEFERRED_ANCHORS.includes(hash)) return;
    const pin = () =>
      document
        .getElementById(hash.slice(1))
        ?.scrollIntoView({ block: 'start', behavior: 'instant' });
    pin();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(pin);
    observer.observe(container);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
        window.removeEventListener(type, stop);
      }
    };
    const timer = setTimeout(stop, PIN_MS);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.addEventListener(type, stop, { passive: true });
    }
    return stop;
    // Only on arrival: later hash changes are handled by the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={containerRef}>
      <PlansSection />
      <PerformanceBlock />
      <TestimonialsSection />
      <FaqSection />
      <ContactSection id="contact" />
    </div>
  );
}
