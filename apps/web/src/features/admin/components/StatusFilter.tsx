import type { QueryKey } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../ui';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { useUrlParams } from '../hooks/useUrlState';

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

/** "Show: [status]" above a review queue; `section` names its texts (`show`, `statuses.<status>`). */
export function QueueStatusFilter<S extends string>({
  section,
  queue,
}: {
  section: string;
  queue: Pick<ReturnType<typeof useReviewQueue<S, unknown>>, 'statuses' | 'status' | 'setStatus'>;
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
