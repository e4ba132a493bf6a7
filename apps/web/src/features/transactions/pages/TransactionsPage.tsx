import type { Transaction } from '@app/shared/schemas/transactions';
import {
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { useBook } from '../../../lib/book';
import {
  Button,
  Card,
  DownloadIcon,
  EmptyState,
  QueryErrorState,
  LoadMore,
  SearchInput,
} from '../../../ui';
import { transactionListQuery } from '../api';
import { StatementDialog } from '../components/StatementDialog';
import { TransactionListSkeleton, TransactionRows } from '../components/TransactionItem';
import { useSearchParam, useStatementParam } from '../hooks/useTransactionsUrl';

/**
 * /transactions: the user's own transactions, newest first, searched on the server by id, method
 * or description (`?q=` in the URL), a page at a time.
 */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
  const { user } = useSession();
  const book = useBook();
  const { q, text, setText } = useSearchParam();
  const [statementOpen, setStatementOpen] = useStatementParam();
  const query = useInfiniteQuery({
    ...transactionListQuery(book, q),
    placeholderData: keepPreviousData,
  });
  const searching = query.isFetching && !query.isFetchingNextPage && !query.isPending;

  return (
    <Card
      title={<span className="text-lg">{t('heading')}</span>}
      description={t('description')}
      aria-busy={query.isFetching || undefined}
      // Statements are of the real account (practice is kept apart from them): none in practice.
      actions={
        book === 'real' && (
          <Button variant="secondary" size="sm" onClick={() => setStatementOpen(true)}>
            <DownloadIcon aria-hidden="true" />
            {t('statement.open')}
          </Button>
        )
      }
    >
      <StatementDialog
        open={statementOpen}
        onOpenChange={setStatementOpen}
        accountOpenedAt={user?.createdAt}
      />
      <SearchInput
        id="transaction-search"
        className="mb-2"
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={setText}
        searching={searching}
      />
      <TransactionList query={query} q={q} onClearSearch={() => setText('')} />
    </Card>
  );
}

/** The list's states: loading, failed (retry), empty (with a way out of a search), the rows. */
function TransactionList({
  query,
  q,
  onClearSearch,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: Transaction[] }>>;
  q: string;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation('transactions');
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <TransactionListSkeleton rows={5} />;
  if (query.isError && items.length === 0) {
    return (
      <QueryErrorState
        className="mt-4"
        query={query}
        title={t('loadError')}
        retryLabel={t('retry')}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        className="mt-4"
        title={t('empty')}
        description={q ? t('emptySearchHint', { q }) : t('emptyHint')}
        action={
          q ? (
            <Button variant="secondary" size="sm" onClick={onClearSearch}>
              {t('clearSearch')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <>
      <TransactionRows transactions={items} />
      <LoadMore
        pages={query}
        label={t('loadMore')}
        failedLabel={t('loadMoreError')}
        className="mt-4"
      />
    </>
  );
}
