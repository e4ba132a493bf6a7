import { appConfig } from '../../../lib/config';
import { useLazyTranslation } from '../lazyNamespaces';
import { SectionHeading } from './SectionHeading';
import { TestimonialsCarousel, type Testimonial } from './TestimonialsCarousel';

/** Testimonials are operator content: sample stories, marked as such, with no profit claims. */
export function TestimonialsSection() {
  const { t } = useLazyTranslation('publicLower');
  const items = t('testimonials.items', { returnObjects: true }) as Testimonial[];
  return (
    <section aria-labelledby="testimonials-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('testimonials.eyebrow')}
          title={t('testimonials.title', { brand: appConfig.brandName })}
          text={t('testimonials.text')}
        />
        <div className="mt-12">
          <TestimonialsCarousel
            items={Array.isArray(items) ? items : []}
            label={t('testimonials.label')}
          />
        </div>
      </div>
    </section>
  );
}
