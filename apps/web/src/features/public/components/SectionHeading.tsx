import clsx from 'clsx';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  align?: 'center' | 'left';
}

/** The eyebrow / title / lead trio that opens each landing section; `id` labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  align = 'center',
}: SectionHeadingProps) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">{text}</p>}
    </div>
  );
}
