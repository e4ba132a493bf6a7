import { useId } from 'react';
import { inputClasses } from '../../../ui';
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
  const selectId = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:w-56">
      <label htmlFor={selectId} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => onChange(event.target.value as S)}
        className={`${inputClasses} border-border`}
      >
        {statuses.map((status) => (
          <option key={status} value={status}>
            {optionLabel(status)}
          </option>
        ))}
      </select>
    </div>
  );
}
