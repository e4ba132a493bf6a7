import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DEFERRED_ANCHORS } from './deferredAnchors';
import { ContactSection } from './ContactSection';
import { FaqSection } from './FaqSection';
import { PerformanceBlock } from './PerformanceBlock';
import { PlansSection } from './PlansSection';
import { TestimonialsSection } from './TestimonialsSection';

/**
 * The landing page's lower half (plans and track record from the API, stories carousel, FAQ,
 * contact form), a chunk of its own loaded when the visitor gets near it (see DeferredBelowFold).
 */
export default function LandingBelowFold() {
  const { hash } = useLocation();
  // Placeholders of different heights stood here while a link to #plans, #faq or #contact was
  // being followed; land on the real section now that it exists.
  useEffect(() => {
    if (DEFERRED_ANCHORS.includes(hash)) {
      document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
    }
    // Only on arrival: later hash changes are handled by the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <PlansSection />
      <PerformanceBlock />
      <TestimonialsSection />
      <FaqSection />
      <ContactSection id="contact" />
    </>
  );
}
