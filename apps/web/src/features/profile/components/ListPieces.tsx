import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mutateAndReport } from '../../../lib/mutation';
import { Button, LoadingBlock, toastReport } from '../../../ui';

/**
 * The body of a list on /profile (sessions, linked providers, API tokens): a spinner while it
 * loads, the failure with a way to try again, then `children` with what was loaded.
 */
export function LoadedQuery<T>({
  query,
  loadFailed,
  children,
}: {
  query: UseQueryResult<T>;
  loadFailed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('profile');
  if (query.isPending) return <LoadingBlock className="py-6" />;
  if (query.isError)
    return (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-muted">
        <span>{loadFailed}</span>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('sessions.retry')}
        </Button>
      </div>
    );
  return children(query.data);
}

/** A loaded list (`label` names it), one `children(item)` row per item, or `empty` when none. */
export function LoadedList<T>({
  query,
  loadFailed,
  empty,
  label,
  children,
}: {
  query: UseQueryResult<readonly T[]>;
  loadFailed: string;
  empty: string;
  label: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <LoadedQuery query={query} loadFailed={loadFailed}>
      {(items) =>
        items.length === 0 ? (
          <p className="px-1 text-sm text-muted">{empty}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={label}>
            {items.map(children)}
          </ul>
        )
      }
    </LoadedQuery>
  );
}

/** One row of such a list: what it is, then the one thing that can be done to it. */
export function ListRow({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-surface-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">{children}</div>
      {action}
    </li>
  );
}

/** A row's action (sign out a session, remove a provider, revoke a token), told in a toast. */
export function RowAction<TVariables>({
  mutation,
  variables,
  done,
  label,
  ariaLabel,
}: {
  mutation: Pick<UseMutationResult<unknown, Error, TVariables>, 'mutateAsync' | 'isPending'>;
  variables: TVariables;
  /** The toast once it is done. */
  done: string;
  label: string;
  ariaLabel?: string;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={mutation.isPending}
      aria-label={ariaLabel}
      onClick={() => mutateAndReport(mutation, variables, toastReport(done))}
    >
      {label}
    </Button>
  );
}
