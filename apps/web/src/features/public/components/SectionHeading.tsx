import clsx from 'clsx';
import type { ReactNode } from 'react';

interface HeadingWordsProps {
  id: string;
  eyebrow: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** The heading's level: h1 where the block is a page of its own (/contact). */
  as?: 'h1' | 'h2';
  /** Keeps a long title to the width of a lead (the performance block). */
  narrowTitle?: boolean;
}

/** The eyebrow, title and lead of a landing block, without a frame of their own; `id` is the title's. */
export function HeadingWords({
  id,
  eyebrow,
  title,
  text,
  as: Heading = 'h2',
  narrowTitle = false,
}: HeadingWordsProps) {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">{eyebrow}</p>
      <Heading
        id={id}
        className={clsx(
          'mt-2',
          narrowTitle && 'max-w-2xl',
          'text-3xl font-semibold tracking-tight text-balance sm:text-4xl',
        )}
      >
        {title}
      </Heading>
      {text && <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">{text}</p>}
    </>
  );
}

interface SectionHeadingProps {
  id: string;
  eyebrow: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  align?: 'center' | 'left';
}

/** The eyebrow / title / lead trio that opens each landing section; `id` labels the section. */
export function SectionHeading({ align = 'center', ...words }: SectionHeadingProps) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <HeadingWords {...words} />
    </div>
  );
}
