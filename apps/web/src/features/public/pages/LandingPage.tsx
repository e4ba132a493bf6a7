import { AboutSection } from '../components/AboutSection';
import { DeferredBelowFold } from '../components/DeferredBelowFold';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { FeaturesSection } from '../components/FeaturesSection';
import { Hero } from '../components/Hero';
import { WhySection } from '../components/WhySection';

/** `/`: the seed's landing sections, with honest copy (docs/product.md). */
export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <AboutSection />
      <FeaturesSection />
      <WhySection />
      <DeferredBelowFold />
    </>
  );
}
