import { appConfig } from '../../../lib/config';
import { useLazyTranslation } from '../lazyNamespaces';
import { LandingSection, sectionCopy } from './LandingSection';
import { TestimonialsCarousel, type Testimonial } from './TestimonialsCarousel';

/** Testimonials are operator content: sample stories, marked as such, with no profit claims. */
export function TestimonialsSection() {
  const { t } = useLazyTranslation('publicLower');
  const items = t('testimonials.items', { returnObjects: true }) as Testimonial[];
  return (
    <LandingSection
      titleId="testimonials-title"
      className="py-20 sm:py-24"
      heading={sectionCopy(t, 'testimonials', { brand: appConfig.brandName })}
    >
      <div className="mt-12">
        <TestimonialsCarousel
          items={Array.isArray(items) ? items : []}
          label={t('testimonials.label')}
        />
      </div>
    </LandingSection>
  );
}
