import { appConfig } from '../../../lib/config';
import { useLazyTranslation } from '../lazyNamespaces';
import { LandingSection } from './LandingSection';
import { TestimonialsCarousel, type Testimonial } from './TestimonialsCarousel';

/** Testimonials are operator content: sample stories, marked as such, with no profit claims. */
export function TestimonialsSection() {
  const { t } = useLazyTranslation('publicLower');
  const items = t('testimonials.items', { returnObjects: true }) as Testimonial[];
  return (
    <LandingSection
      titleId="testimonials-title"
      className="py-20 sm:py-24"
      eyebrow={t('testimonials.eyebrow')}
      title={t('testimonials.title', { brand: appConfig.brandName })}
      text={t('testimonials.text')}
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
