import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/requestErrors';
import {
  Button,
  Card,
  DownloadIcon,
  EmptyState,
  ErrorState,
  LoadMore,
  SearchInput,
} from '../../../ui';
import { transactionListQuery } from '../api';
import { StatementDialog } from '../components/StatementDialog';
import { TransactionListSkeleton, TransactionRows } from '../components/TransactionItem';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

/** How long typing must pause before the search goes to the server and into the URL. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /transactions: the user's own transactions, newest first, searched on the server by id, method
 * or description (`?q=` in the URL), a page at a time.
 */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced === q) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Only typing drives the URL; a URL change (back button) is picked up below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // Back/forward to another search: show that search in the box.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }

  // The statement dialog is URL state (`?statement=1`), so back closes it and a link opens it.
  const statementOpen = params.get('statement') === '1';
  const setStatementOpen = (open: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set('statement', '1');
        else next.delete('statement');
        return next;
      },
      { replace: !open },
    );

  const query = useInfiniteQuery({ ...transactionListQuery(q), placeholderData: keepPreviousData });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = query.isFetching && !query.isFetchingNextPage && !query.isPending;

  return (
    <Card
      title={<span className="text-lg">{t('heading')}</span>}
      description={t('description')}
      aria-busy={query.isFetching || undefined}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setStatementOpen(true)}>
          <DownloadIcon aria-hidden="true" />
          {t('statement.open')}
        </Button>
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

      {query.isPending ? (
        <TransactionListSkeleton rows={5} />
      ) : query.isError && items.length === 0 ? (
        <ErrorState
          className="mt-4"
          title={t('loadError')}
          description={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retryLabel={t('retry')}
          retrying={query.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          className="mt-4"
          title={t('empty')}
          description={q ? t('emptySearchHint', { q }) : t('emptyHint')}
          action={
            q ? (
              <Button variant="secondary" size="sm" onClick={() => setText('')}>
                {t('clearSearch')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <TransactionRows transactions={items} />
          <LoadMore
            pages={query}
            label={t('loadMore')}
            failedLabel={t('loadMoreError')}
            className="mt-4"
          />
        </>
      )}
    </Card>
  );
}
