import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../../ui';

/**
 * A table's last column, the row's buttons: right-aligned, its header (`label`) read to screen
 * readers only.
 */
export function actionsColumn<R>(
  label: string,
  cell: (row: R) => ReactNode,
  { key = 'actions', className }: { key?: string; className?: string } = {},
): DataTableColumn<R> {
  return {
    key,
    header: <span className="sr-only">{label}</span>,
    align: 'right',
    ...(className ? { className } : {}),
    cell,
  };
}
