import clsx from 'clsx';
import type { ReactNode } from 'react';

interface DetailProps {
  label: ReactNode;
  children: ReactNode;
  /** Added to the value's classes (its weight, its colour, how it wraps). */
  valueClassName?: string;
}

/** One entry of a description list (`<dl>`): a small label above its value. */
export function DetailItem({ label, children, valueClassName }: DetailProps) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={clsx('mt-0.5', valueClassName)}>{children}</dd>
    </div>
  );
}

/** One line of a description list (`<dl>`): the label at the start, the figure at the end. */
export function DetailRow({ label, children, valueClassName }: DetailProps) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className={clsx('text-right', valueClassName, 'text-text tabular-nums')}>{children}</dd>
    </div>
  );
}
