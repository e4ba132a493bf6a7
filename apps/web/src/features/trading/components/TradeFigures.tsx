import clsx from 'clsx';
import type { ReactNode } from 'react';

/** A label/value row of a money summary (dialogs and the trade panel). */
export function SummaryRow({
  label,
  children,
  strong = false,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-medium text-text' : 'text-muted'}>{label}</dt>
      <dd
        data-testid={testId}
        className={clsx(
          'text-right tabular-nums',
          strong ? 'text-lg font-semibold text-text' : 'text-text',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
