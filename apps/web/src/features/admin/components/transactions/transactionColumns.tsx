import { formatSignedUsd, formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/dates';
import { Badge, Button, type DataTableColumn } from '../../../../ui';
import { ChainTxLink } from '../../../transactions/components/ChainTxLink';
import { describeTransaction } from '../../../transactions/description';
import type { AdminTransaction, Approval } from '../../api';
import { TransactionApprovalActions } from '../ApprovalActions';
import { TransactionStatusBadge, useKindLabel } from '../StatusBadges';
import type { Decision } from './decisions';

export interface TransactionColumnOptions {
  showUser: boolean;
  /** Filter by this user instead of opening their page. */
  onUserClick?: (user: AdminTransaction['user']) => void;
  /** Pending transactions waiting for a second admin, by transaction id. */
  waiting: Map<string, Approval>;
  /** Opens the confirmation of a decision. */
  start: (decision: Decision, transaction: AdminTransaction) => void;
}

/** The back office's transaction columns; the user column only when `showUser`. */
export function useTransactionColumns({
  showUser,
  onUserClick,
  waiting,
  start,
}: TransactionColumnOptions): DataTableColumn<AdminTransaction>[] {
  const { t } = useTranslation('admin');
  const kindLabel = useKindLabel();
  const user: DataTableColumn<AdminTransaction> = {
    key: 'user',
    header: t('transactions.columns.user'),
    cell: (tx) => <UserCell user={tx.user} onUserClick={onUserClick} />,
  };
  return [
    {
      key: 'id',
      header: t('transactions.columns.id'),
      primary: true,
      cell: (tx) => <IdCell tx={tx} />,
    },
    ...(showUser ? [user] : []),
    { key: 'kind', header: t('transactions.columns.kind'), cell: (tx) => kindLabel(tx.kind) },
    {
      key: 'amount',
      header: t('transactions.columns.amount'),
      align: 'right',
      cell: (tx) => <AmountCell tx={tx} />,
    },
    {
      key: 'status',
      header: t('transactions.columns.status'),
      cell: (tx) => (
        <span className="inline-flex flex-wrap justify-end gap-1.5 sm:justify-start">
          <TransactionStatusBadge status={tx.status} />
          {tx.status === 'pending' && waiting.has(tx.transactionId) && (
            <Badge tone="info">{t('approvals.awaitingBadge')}</Badge>
          )}
        </span>
      ),
    },
    { key: 'date', header: t('transactions.columns.date'), cell: (tx) => formatDate(tx.createdAt) },
    {
      key: 'actions',
      header: t('transactions.columns.actions'),
      align: 'right',
      cell: (tx) => (
        <DecisionButtons tx={tx} approval={waiting.get(tx.transactionId)} start={start} />
      ),
    },
  ];
}

/**
 * The id, what it was, and the payment reference, the chain transaction (a payout's proof, a chain
 * deposit's transfer) or the failure reason when there is one.
 */
function IdCell({ tx }: { tx: AdminTransaction }) {
  const { t } = useTranslation('admin');
  const { t: tTransactions } = useTranslation('transactions');
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="font-mono text-sm">{tx.transactionId}</span>
      <span className="text-xs font-normal break-words text-muted">
        {describeTransaction(tTransactions, tx)}
      </span>
      {tx.paymentReference && tx.paymentReference !== tx.chainTx?.hash && (
        <span className="text-xs font-normal break-all text-muted">
          {t('transactions.reference', { reference: tx.paymentReference })}
        </span>
      )}
      {tx.chainTx && <ChainTxLink chainTx={tx.chainTx} />}
      {tx.failureReason && (
        <span className="text-xs font-normal break-words text-danger">
          {t('transactions.failureReason', { reason: tx.failureReason })}
        </span>
      )}
    </div>
  );
}

function UserCell({
  user,
  onUserClick,
}: {
  user: AdminTransaction['user'];
  onUserClick: TransactionColumnOptions['onUserClick'];
}) {
  if (!onUserClick) {
    return (
      <Link to={`/admin/users/${user.id}`} className="hover:text-brand-strong">
        {user.name}
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onUserClick(user)}
      className="max-w-48 truncate text-left underline-offset-2 hover:text-brand-strong hover:underline"
      title={user.email}
    >
      {user.name}
    </button>
  );
}

/** Signed by its direction; the fee and what is left when a fee was taken. */
function AmountCell({ tx }: { tx: AdminTransaction }) {
  const { t } = useTranslation('admin');
  const credit = tx.type === 'credit';
  return (
    <span className="flex flex-col">
      <span
        className={
          credit
            ? 'font-semibold whitespace-nowrap text-brand-strong'
            : 'font-semibold whitespace-nowrap text-danger'
        }
      >
        {formatSignedUsd(credit ? Math.abs(tx.amountCents) : -Math.abs(tx.amountCents))}
      </span>
      {tx.feeCents > 0 && (
        <span className="text-xs whitespace-nowrap text-muted">
          {t('transactions.fee', { fee: formatUsd(tx.feeCents), net: formatUsd(tx.netCents) })}
        </span>
      )}
    </span>
  );
}

/**
 * A pending deposit: Approve or Reject; a pending withdrawal: Pay or Reject; one waiting for a
 * second admin: that approval's actions; anything else: none.
 */
function DecisionButtons({
  tx,
  approval,
  start,
}: {
  tx: AdminTransaction;
  approval: Approval | undefined;
  start: TransactionColumnOptions['start'];
}) {
  const { t } = useTranslation('admin');
  const pair: { go: Decision; goLabel: string; reject: Decision } | null =
    tx.kind === 'deposit'
      ? { go: 'approve', goLabel: t('transactions.approve'), reject: 'rejectDeposit' }
      : tx.kind === 'withdrawal'
        ? { go: 'pay', goLabel: t('transactions.pay'), reject: 'rejectWithdrawal' }
        : null;
  if (tx.status !== 'pending') return <span className="text-muted">{t('common.none')}</span>;
  if (approval) return <TransactionApprovalActions approval={approval} />;
  if (!pair) return <span className="text-muted">{t('common.none')}</span>;
  return (
    <span className="inline-flex gap-2 whitespace-nowrap">
      <Button size="sm" onClick={() => start(pair.go, tx)}>
        {pair.goLabel}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => start(pair.reject, tx)}>
        {t('transactions.reject')}
      </Button>
    </span>
  );
}
