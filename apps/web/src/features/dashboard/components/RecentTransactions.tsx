import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/requestErrors';
import { buttonClasses, Card, EmptyState, ErrorState } from '../../../ui';
import { useBook } from '../../../lib/book';
import { accountSummaryQuery } from '../../account/api';
import {
  TransactionListSkeleton,
  TransactionRows,
} from '../../transactions/components/TransactionItem';

/** Seed: the dashboard lists the latest 3 transactions. */
export const RECENT_TRANSACTIONS = 3;

export function RecentTransactions() {
  const { t } = useTranslation('dashboard');
  const practising = useBook() === 'practice';
  const summary = useQuery(accountSummaryQuery(practising ? 'practice' : 'real'));
  const recent = summary.data?.recentTransactions.slice(0, RECENT_TRANSACTIONS) ?? [];
  return (
    <Card
      title={t('recent.title')}
      actions={
        <Link
          to="/transactions"
          className="text-sm font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          {t('recent.viewAll')}
        </Link>
      }
    >
      {summary.isPending ? (
        <TransactionListSkeleton rows={RECENT_TRANSACTIONS} />
      ) : summary.isError ? (
        <ErrorState
          title={t('recent.error')}
          description={errorMessage(summary.error)}
          onRetry={() => void summary.refetch()}
          retryLabel={t('figures.retry')}
        />
      ) : recent.length === 0 ? (
        <EmptyState
          title={t('recent.empty')}
          description={t(practising ? 'practice.recentEmptyHint' : 'recent.emptyHint')}
          action={
            practising ? (
              <Link to="/plans" className={buttonClasses('secondary', 'sm')}>
                {t('practice.choosePlan')}
              </Link>
            ) : (
              <Link to="/deposits" className={buttonClasses('secondary', 'sm')}>
                {t('actions.deposit')}
              </Link>
            )
          }
        />
      ) : (
        <TransactionRows transactions={recent} />
      )}
    </Card>
  );
}
