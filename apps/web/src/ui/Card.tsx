import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Controls at the right of the header (a link, a button). */
  actions?: ReactNode;
  /** Render as a section (with a heading) or a plain div. */
  as?: 'section' | 'div' | 'article';
}

export function Card({
  title,
  description,
  actions,
  as: Tag = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const hasHeader = Boolean(title ?? description ?? actions);
  return (
    <Tag
      className={clsx('rounded-2xl border border-border bg-surface p-5 sm:p-6', className)}
      {...rest}
    >
      {hasHeader && (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && <h2 className="text-base font-semibold text-text">{title}</h2>}
            {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </Tag>
  );
}
