import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataTable,
  EmptyState,
  LoadingBlock,
  LoadMore,
  type DataTableProps,
} from '../../../ui';
import type { Page } from '../api';

/** A failed load, with the way out. */
export function LoadError({
  onRetry,
  retrying = false,
  title,
  hint,
}: {
  onRetry: () => void;
  retrying?: boolean;
  title?: ReactNode;
  hint?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-danger/40 bg-danger/5 px-6 py-8 text-center"
    >
      <p className="font-medium text-text">{title ?? t('common.loadError')}</p>
      {hint && <p className="max-w-md text-sm text-muted">{hint}</p>}
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/**
 * What stands for an answer that is not there: loading, or the error with Retry. For a component
 * that returns it early (`if (!query.isSuccess) return <QueryFallback query={query} />`).
 */
export function QueryFallback({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <LoadingBlock />;
  return <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}

/** One loaded answer: loading, error (retry), then `children` with the data. */
export function QueryResult<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (!query.isSuccess) return <QueryFallback query={query} />;
  return <>{children(query.data)}</>;
}

/**
 * One loaded list: loading, error (retry), `empty` as an empty state when `items` picks no row
 * from the answer, then `children` with the rows.
 */
export function ListResult<T, R>({
  query,
  items,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  items: (data: T) => readonly R[];
  empty: ReactNode;
  children: (items: readonly R[]) => ReactNode;
}) {
  return (
    <QueryResult query={query}>
      {(data) => {
        const rows = items(data);
        return rows.length === 0 ? <EmptyState title={empty} /> : children(rows);
      }}
    </QueryResult>
  );
}

/** One loaded list as a table (ListResult's states, then a DataTable of the rows). */
export function QueryTable<T, R>({
  query,
  rows,
  empty,
  ...table
}: Omit<DataTableProps<R>, 'rows'> & {
  query: UseQueryResult<T>;
  rows: (data: T) => readonly R[];
  empty: ReactNode;
}) {
  return (
    <ListResult query={query} items={rows} empty={empty}>
      {(items) => <DataTable rows={items} {...table} />}
    </ListResult>
  );
}

/**
 * A cursor-paged list: loading, error (retry), empty, the rows, and "Load more" while the server
 * says there is a next page.
 */
export function PagedResults<T>({
  query,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <LoadingBlock />;
  if (query.isError && !query.data) {
    return <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      {children(items)}
      <LoadMore pages={query} label={t('common.loadMore')} failedLabel={t('common.loadError')} />
    </div>
  );
}

/** The page's heading row: an intro line and optional actions. */
export function PageIntro({ children, actions }: { children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      {children && <p className="text-sm text-muted">{children}</p>}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
