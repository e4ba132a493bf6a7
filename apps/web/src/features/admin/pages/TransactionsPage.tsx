import { TRANSACTION_STATUSES } from '@app/shared/schemas/transactions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui';
import { adminApi, adminKeys, type TransactionFilters } from '../api';
import { PagedResults } from '../components/QueryStates';
import {
  TransactionFiltersForm,
  type TransactionParams,
} from '../components/transactions/TransactionFiltersForm';
import { TransactionsTable } from '../components/TransactionsTable';
import { isoDay } from '../format';
import { useUrlParams } from '../hooks/useUrlState';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { useCursorPages } from '../hooks/useCursorPages';

const PARAMS = ['q', 'status', 'kind', 'userId', 'userName', 'from', 'to'] as const;

/** What the server filters by, from the address (an unknown status is no filter). */
function serverFilters(params: TransactionParams, q: string): TransactionFilters {
  const status = (TRANSACTION_STATUSES as readonly string[]).includes(params.status)
    ? (params.status as TransactionFilters['status'])
    : undefined;
  return {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(params.kind ? { kind: params.kind } : {}),
    ...(params.userId ? { userId: params.userId } : {}),
  };
}

/** Every user's transactions, page by page, filtered on the server. */
function useAdminTransactions(filters: TransactionFilters) {
  return useCursorPages(adminKeys.transactions(filters), (cursor, signal) =>
    adminApi.listTransactions({ ...filters, cursor }, signal),
  );
}

/**
 * /admin/transactions: every user's transactions, filtered by status, type and user on the server
 * (and by date over the loaded rows), with the deposit and withdrawal decisions.
 */
export function TransactionsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useUrlParams(PARAMS);
  const [search, setSearch] = useState(params.q);
  const q = useDebouncedValue(search.trim());
  const filters = serverFilters(params, q);
  const query = useAdminTransactions(filters);

  return (
    <div className="flex flex-col gap-5">
      <TransactionFiltersForm
        params={{ ...params, status: filters.status ?? '' }}
        setParams={setParams}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setParams({ q: text.trim() });
        }}
      />
      <PagedResults query={query} empty={<EmptyState title={t('transactions.empty')} />}>
        {(items) => {
          const shown = items.filter((tx) => {
            const day = isoDay(tx.createdAt);
            return (!params.from || day >= params.from) && (!params.to || day <= params.to);
          });
          return shown.length === 0 ? (
            <EmptyState title={t('transactions.empty')} />
          ) : (
            <TransactionsTable
              transactions={shown}
              onUserClick={(user) => setParams({ userId: user.id, userName: user.name })}
            />
          );
        }}
      </PagedResults>
    </div>
  );
}
