import type { QueryKey } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, inputClasses, type DataTableColumn } from '../../../ui';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { useUrlParams } from '../hooks/useUrlState';
import { ListResult } from './QueryStates';

/**
 * A review queue's status, kept in the address (`?status=`) so a reload or a shared link shows
 * the same list: one of `statuses`, else `fallback`.
 */
export function useStatusParam<S extends string>(statuses: readonly S[], fallback: S) {
  const [params, setParams] = useUrlParams(['status'] as const);
  const status = (statuses as readonly string[]).includes(params.status)
    ? (params.status as S)
    : fallback;
  return [status, (next: S) => setParams({ status: next })] as const;
}

/** A list filter's labelled drop-down (the options are its children). */
export function FilterSelect({
  label,
  value,
  onChange,
  className,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} border-border`}
      >
        {children}
      </select>
    </div>
  );
}

/** "Show: [status]" above a review queue (approvals, trader applications, verifications). */
export function StatusFilter<S extends string>({
  label,
  statuses,
  value,
  optionLabel,
  onChange,
}: {
  label: string;
  statuses: readonly S[];
  value: S;
  optionLabel: (status: S) => string;
  onChange: (status: S) => void;
}) {
  return (
    <FilterSelect
      label={label}
      value={value}
      onChange={(next) => onChange(next as S)}
      className="sm:w-56"
    >
      {statuses.map((status) => (
        <option key={status} value={status}>
          {optionLabel(status)}
        </option>
      ))}
    </FilterSelect>
  );
}

/**
 * A review queue (approvals, trader applications, verifications): the status in the address
 * (useStatusParam; the first of `statuses` when it names none) and the list of that status.
 */
export function useReviewQueue<S extends string, T>(
  statuses: readonly [S, ...S[]],
  queryKey: (status: S) => QueryKey,
  list: (status: S, signal: AbortSignal) => Promise<T>,
) {
  const [status, setStatus] = useStatusParam(statuses, statuses[0]);
  const query = useAdminQuery(queryKey(status), (signal) => list(status, signal));
  return { statuses, status, setStatus, query };
}

type ReviewQueue<S extends string, T> = ReturnType<typeof useReviewQueue<S, T>>;

/** "Show: [status]" above a review queue; `section` names its texts (`show`, `statuses.<status>`). */
export function QueueStatusFilter<S extends string>({
  section,
  queue,
}: {
  section: string;
  queue: Pick<ReviewQueue<S, unknown>, 'statuses' | 'status' | 'setStatus'>;
}) {
  const { t } = useTranslation('admin');
  return (
    <StatusFilter
      label={t(`${section}.show`)}
      statuses={queue.statuses}
      value={queue.status}
      optionLabel={(value) => t(`${section}.statuses.${value}`)}
      onChange={queue.setStatus}
    />
  );
}

/** Where a review queue's list goes: the queue, and `section`, which names its texts in `admin`. */
interface ReviewQueueProps<S extends string, T> {
  section: string;
  queue: ReviewQueue<S, T>;
}

/**
 * A review queue's status filter, then its list of that status (ListResult's states, with
 * `<section>.empty.<status>` when none is left).
 */
export function ReviewQueueList<S extends string, T, R>({
  section,
  queue,
  items,
  children,
}: ReviewQueueProps<S, T> & {
  items: (data: T) => readonly R[];
  children: (items: readonly R[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <QueueStatusFilter section={section} queue={queue} />
      <ListResult query={queue.query} items={items} empty={t(`${section}.empty.${queue.status}`)}>
        {children}
      </ListResult>
    </>
  );
}

/** A review queue as a table: ReviewQueueList's, captioned `<section>.caption`, a row per id. */
export function ReviewQueueTable<S extends string, T, R extends { id: string }>({
  rows,
  columns,
  ...list
}: ReviewQueueProps<S, T> & { rows: (data: T) => readonly R[]; columns: DataTableColumn<R>[] }) {
  const { t } = useTranslation('admin');
  return (
    <ReviewQueueList {...list} items={rows}>
      {(items) => (
        <DataTable
          rows={items}
          caption={t(`${list.section}.caption`)}
          rowKey={(row) => row.id}
          columns={columns}
        />
      )}
    </ReviewQueueList>
  );
}
