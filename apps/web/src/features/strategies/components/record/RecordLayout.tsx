import clsx from 'clsx';
import type { ReactNode } from 'react';
import { signTone } from '../../../../ui/tone';
import { signAsShown } from '../../../market/decimal';

/** The strategy page's frame. */
export function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>;
}

/** One card of the record: a heading, an optional line saying what it means, the content. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="mt-6 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-text">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One figure of the record; `null` when the record cannot support it yet. */
export interface FigureSpec {
  label: string;
  value: string | null;
  /** How the server's text is written; as it is when left out (counts already formatted). */
  format?: (value: string) => string;
  /** Said instead of a figure the record cannot support yet. */
  empty: string;
  /** Coloured by its sign as shown (gains green, losses red). */
  tone?: boolean;
}

/** A grid of figures (a description list), in the order given. */
export function FigureGrid({ figures, className }: { figures: FigureSpec[]; className: string }) {
  return (
    <dl className={className}>
      {figures.map((figure) => (
        <Figure key={figure.label} {...figure} />
      ))}
    </dl>
  );
}

function Figure({ label, value, format = (v) => v, empty, tone = false }: FigureSpec) {
  return (
    <div className="min-w-0 rounded-xl bg-surface-2 p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={clsx(
          'mt-1 font-semibold tabular-nums',
          value === null
            ? 'text-sm text-muted'
            : ['text-lg', tone ? signTone(signAsShown(value)) : 'text-text'],
        )}
      >
        {value === null ? empty : format(value)}
      </dd>
    </div>
  );
}
