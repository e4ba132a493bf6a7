import { formatDate } from '../../../lib/dates';
import { formatSignedUsd, formatUsd } from '@app/shared/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../ui';
import { PracticeBadge } from '../../../ui/Practice';
import { describeTransaction } from '../description';
import { ChainTxLink } from './ChainTxLink';

const statusTones: Record<Transaction['status'], BadgeTone> = {
  success: 'success',
  pending: 'warning',
  failed: 'danger',
};

/** Seed: success green, pending yellow, anything else red. */
export function StatusBadge({ status }: { status: Transaction['status'] }) {
  const { t } = useTranslation('transactions');
  return (
    <Badge tone={statusTones[status] ?? 'danger'} className="capitalize">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Credit: plus sign and green; anything else: minus sign and red (seed section 2). */
export function isCredit(transaction: Pick<Transaction, 'type'>): boolean {
  return transaction.type === 'credit';
}

/**
 * One transaction as a list row that reads well on a phone (icon, description, id and date,
 * amount and status) and spreads into columns on wider screens. Failed rows say why.
 */
export function TransactionItem({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const credit = isCredit(transaction);
  // A failed (rejected) transaction moved no money: its amount is shown unsigned and struck out.
  const failed = transaction.status === 'failed';
  const sign = credit ? '+' : '-';
  const showFee = !credit && !failed && transaction.feeCents > 0;

  return (
    <li
      data-testid="transaction"
      data-type={transaction.type}
      className="flex items-start gap-3 py-4 sm:grid sm:grid-cols-[auto_minmax(0,1fr)_7rem_9rem] sm:items-center sm:gap-4"
    >
      <span
        aria-hidden="true"
        className={clsx(
          'flex size-10 shrink-0 items-center justify-center rounded-full text-xl leading-none font-semibold',
          failed
            ? 'bg-surface-2 text-muted'
            : credit
              ? 'bg-brand/10 text-brand-strong'
              : 'bg-danger/10 text-danger',
        )}
      >
        {failed ? '×' : sign}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-text">
          {describeTransaction(t, transaction)}{' '}
          <PracticeBadge book={transaction.book} className="align-middle" />
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted">
          <span className="font-mono tracking-tight">{transaction.transactionId}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={transaction.createdAt}>{formatDate(transaction.createdAt)}</time>
        </p>
        {showFee && (
          <p className="mt-1 text-xs text-muted">
            {t('row.fee', {
              fee: formatUsd(transaction.feeCents),
              net: formatUsd(transaction.netCents),
            })}
          </p>
        )}
        {transaction.chainTx && <ChainTxLink chainTx={transaction.chainTx} />}
        {transaction.status === 'failed' && transaction.failureReason && (
          <p className="mt-1 text-xs text-danger">
            {t('row.reason', { reason: transaction.failureReason })}
          </p>
        )}
      </div>
      <div className="hidden sm:block">
        <StatusBadge status={transaction.status} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5 text-right">
        <span
          data-testid="amount"
          className={clsx(
            'font-semibold whitespace-nowrap tabular-nums',
            failed ? 'text-muted line-through' : credit ? 'text-brand-strong' : 'text-danger',
          )}
        >
          <span className="sr-only">
            {failed ? t('row.notBooked') : credit ? t('row.credit') : t('row.debit')}{' '}
          </span>
          {failed
            ? formatUsd(transaction.amountCents)
            : formatSignedUsd(credit ? transaction.amountCents : -transaction.amountCents)}
        </span>
        <span className="sm:hidden">
          <StatusBadge status={transaction.status} />
        </span>
      </div>
    </li>
  );
}

/** Grey rows in the list's shape while the first page loads. */
export function TransactionListSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('transactions');
  return (
    <div role="status" aria-label={t('loading')} className="divide-y divide-border">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex animate-pulse items-center gap-3 py-4">
          <span className="size-10 shrink-0 rounded-full bg-surface-2" />
          <div className="flex-1 space-y-2">
            <span className="block h-3.5 w-1/2 rounded bg-surface-2" />
            <span className="block h-3 w-1/3 rounded bg-surface-2" />
          </div>
          <span className="h-4 w-20 rounded bg-surface-2" />
        </div>
      ))}
    </div>
  );
}

/** A list of rows with dividers. */
export function TransactionRows({ transactions }: { transactions: Transaction[] }) {
  return (
    <ul className="divide-y divide-border">
      {transactions.map((transaction) => (
        <TransactionItem key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}
