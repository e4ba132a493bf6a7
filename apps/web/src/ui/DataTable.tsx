import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { useScrollsSideways } from './useScrollsSideways';

export interface DataTableColumn<T> {
  /** Stable key for React. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned on wide screens (amounts). */
  align?: 'left' | 'right';
  /** On phones this cell heads the card (no label beside it). */
  primary?: boolean;
  /** Extra classes for the cell. */
  className?: string;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden). */
  caption: ReactNode;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  className?: string;
}

/**
 * A table on wide screens that becomes stacked cards under 640 px: one DOM (no duplicate rows),
 * each cell carries its column label, shown only on phones where the header row is hidden.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, className }: DataTableProps<T>) {
  const captionId = useId();
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      // When the table is wider than the screen, the box scrolls: the keyboard can reach it.
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
      className={clsx(
        // relative: absolutely positioned bits (sr-only labels) stay inside the scroll box.
        'relative sm:overflow-x-auto sm:rounded-xl sm:border sm:border-border',
        className,
      )}
    >
      <table className="block w-full text-sm sm:table">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="hidden bg-surface-2/60 sm:table-header-group">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={clsx(
                  'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase',
                  column.align === 'right' ? 'text-right' : 'text-left',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 sm:table-row-group">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={clsx(
                'flex flex-col gap-2 rounded-xl border border-border bg-surface p-4',
                'sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0',
              )}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={clsx(
                    'min-w-0 sm:table-cell sm:px-4 sm:py-3 sm:align-middle',
                    column.primary
                      ? 'block font-medium'
                      : 'flex items-start justify-between gap-3 sm:block',
                    column.align === 'right' && 'sm:text-right',
                    column.className,
                  )}
                >
                  {!column.primary && (
                    <span className="shrink-0 text-xs font-medium text-muted sm:hidden">
                      {column.header}
                    </span>
                  )}
                  <div
                    className={clsx(
                      'min-w-0',
                      !column.primary && 'text-right',
                      column.align === 'right' ? 'sm:text-right' : 'sm:text-left',
                    )}
                  >
                    {column.cell(row)}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
