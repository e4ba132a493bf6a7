import type { ReactNode } from 'react';
import { SectionHeading } from './SectionHeading';

interface LandingSectionProps {
  /** The section's anchor (`#faq`), where the landing page links to it. */
  id?: string;
  /** The heading's id, which labels the section. */
  titleId: string;
  className: string;
  eyebrow: ReactNode;
  title: ReactNode;
  text?: ReactNode;
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
  eyebrow,
  title,
  text,
  children,
  after,
}: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title} text={text} />
        {children}
      </div>
      {after}
    </section>
  );
}
