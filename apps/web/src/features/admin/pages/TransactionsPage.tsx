import { TRANSACTION_KINDS } from '@app/shared/schemas/kinds';
import { TRANSACTION_STATUSES } from '@app/shared/schemas/transactions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, EmptyState, TextField, inputClasses } from '../../../ui';
import { adminApi, adminKeys, type TransactionFilters } from '../api';
import { SearchForm } from '../components/SearchForm';
import { PagedResults } from '../components/QueryStates';
import { TransactionsTable } from '../components/TransactionsTable';
import { isoDay } from '../format';
import { useDebouncedValue, useUrlParams } from '../hooks/useUrlState';

/** Kinds the ledger books (the server filters by kind; credit/withdraw follows from it). */
const KINDS = TRANSACTION_KINDS;

const PARAMS = ['q', 'status', 'kind', 'userId', 'userName', 'from', 'to'] as const;

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
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

/**
 * /admin/transactions: every user's transactions, filtered by status, type and user on the server
 * (and by date over the loaded rows), with the deposit and withdrawal decisions.
 */
export function TransactionsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useUrlParams(PARAMS);
  const [search, setSearch] = useState(params.q);
  const q = useDebouncedValue(search.trim());
  const status = (TRANSACTION_STATUSES as readonly string[]).includes(params.status)
    ? (params.status as TransactionFilters['status'])
    : undefined;

  const filters: TransactionFilters = {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(params.kind ? { kind: params.kind } : {}),
    ...(params.userId ? { userId: params.userId } : {}),
  };
  const query = useInfiniteQuery({
    queryKey: adminKeys.transactions(filters),
    queryFn: ({ pageParam, signal }) =>
      adminApi.listTransactions({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const datesSet = Boolean(params.from || params.to);

  return (
    <div className="flex flex-col gap-5">
      <SearchForm
        label={t('transactions.searchLabel')}
        placeholder={t('transactions.searchPlaceholder')}
        value={search}
        onChange={(text) => {
          setSearch(text);
          setParams({ q: text.trim() });
        }}
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Select
            label={t('transactions.status')}
            value={status ?? ''}
            onChange={(value) => setParams({ status: value })}
          >
            <option value="">{t('common.all')}</option>
            {TRANSACTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`transactions.statuses.${value}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('transactions.kind')}
            value={params.kind}
            onChange={(value) => setParams({ kind: value })}
          >
            <option value="">{t('common.all')}</option>
            {KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`transactions.kinds.${value}`)}
              </option>
            ))}
          </Select>
          <TextField
            label={t('transactions.from')}
            type="date"
            value={params.from}
            max={params.to || undefined}
            onChange={(event) => setParams({ from: event.target.value })}
          />
          <TextField
            label={t('transactions.to')}
            type="date"
            value={params.to}
            min={params.from || undefined}
            onChange={(event) => setParams({ to: event.target.value })}
          />
        </div>
        {datesSet && <p className="text-xs text-muted">{t('transactions.dateHint')}</p>}
        {params.userId && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex h-9 items-center gap-2 rounded-full border border-brand bg-brand/15 pr-1 pl-3.5 text-sm text-brand-strong">
              {params.userName
                ? t('transactions.filteredByUser', { name: params.userName })
                : t('transactions.filteredByUserId')}
              <button
                type="button"
                aria-label={t('transactions.clearUser')}
                onClick={() => setParams({ userId: '', userName: '' })}
                className="flex size-7 items-center justify-center rounded-full hover:bg-brand/20"
              >
                <CloseIcon width={16} height={16} aria-hidden />
              </button>
            </span>
          </div>
        )}
      </SearchForm>
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
