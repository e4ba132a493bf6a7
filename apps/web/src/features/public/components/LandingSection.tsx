import type { ReactNode } from 'react';
import { SectionHeading } from './SectionHeading';

/** The eyebrow, title and lead of a section's heading. */
export interface SectionCopy {
  eyebrow: string;
  title: string;
  text: string;
}

/**
 * A section's heading words, by the landing's convention `<copy>.eyebrow`, `<copy>.title` and
 * `<copy>.text` in the section's namespace (`values` interpolated).
 */
export function sectionCopy(
  t: (key: string, values?: Record<string, unknown>) => string,
  copy: string,
  values?: Record<string, unknown>,
): SectionCopy {
  return {
    eyebrow: t(`${copy}.eyebrow`, values),
    title: t(`${copy}.title`, values),
    text: t(`${copy}.text`, values),
  };
}

interface LandingSectionProps {
  /** The section's anchor (`#faq`), where the landing page links to it. */
  id?: string;
  /** The heading's id, which labels the section. */
  titleId: string;
  className: string;
  /** Its heading's words (sectionCopy). */
  heading: SectionCopy;
  /** The section's content, under its heading in the page's column. */
  children: ReactNode;
  /** What stands after the column, inside the section (a dialog). */
  after?: ReactNode;
}

/** A landing section: its heading (SectionHeading) and content in the page's centred column. */
export function LandingSection({
  id,
  titleId,
  className,
  heading,
  children,
  after,
}: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={titleId} {...heading} />
        {children}
      </div>
      {after}
    </section>
  );
}
