import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Controls at the right of the header (a link, a button). */
  actions?: ReactNode;
  /** Render as a section (with a heading) or a plain div. */
  as?: 'section' | 'div' | 'article';
  /** The title's heading level: h2, or h1 when the card is the page's main content. */
  titleLevel?: 1 | 2;
}

export function Card({
  title,
  description,
  actions,
  as: Tag = 'section',
  titleLevel = 2,
  className,
  children,
  ...rest
}: CardProps) {
  const hasHeader = Boolean(title ?? description ?? actions);
  const Heading = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <Tag
      className={clsx('rounded-2xl border border-border bg-surface p-5 sm:p-6', className)}
      {...rest}
    >
      {hasHeader && (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && <Heading className="text-base font-semibold text-text">{title}</Heading>}
            {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </Tag>
  );
}
