import { formatDate } from '../../../lib/dates';
import { secondAdminBeforeDeciding } from '@app/shared/four-eyes';
import { formatSignedUsd, formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeTransaction } from '../../transactions/description';
import { Link } from 'react-router';
import { newIdempotencyKey } from '../../../lib/api';
import { Badge, Button, ConfirmDialog, DataTable, type DataTableColumn } from '../../../ui';
import { adminApi, adminKeys, type AdminTransaction } from '../api';
import { TransactionApprovalActions, usePendingTransactionApprovals } from './ApprovalActions';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { TransactionStatusBadge, useKindLabel } from './StatusBadges';

type Decision = 'approve' | 'rejectDeposit' | 'pay' | 'rejectWithdrawal';

interface OpenDecision {
  decision: Decision;
  transaction: AdminTransaction;
  /** Generated when the confirmation opens: a double click or a retry books once. */
  idempotencyKey: string;
}

const TOASTS: Record<Decision, { success: string; failure: string; waiting?: string }> = {
  approve: {
    success: 'toasts.depositApproved',
    failure: 'toasts.depositApproveFailed',
    waiting: 'toasts.depositAwaitingApproval',
  },
  rejectDeposit: { success: 'toasts.depositRejected', failure: 'toasts.depositRejectFailed' },
  pay: {
    success: 'toasts.withdrawalPaid',
    failure: 'toasts.withdrawalPayFailed',
    waiting: 'toasts.payoutAwaitingApproval',
  },
  rejectWithdrawal: {
    success: 'toasts.withdrawalRejected',
    failure: 'toasts.withdrawalRejectFailed',
  },
};

function decide(open: OpenDecision, reason: string) {
  const { transaction, idempotencyKey } = open;
  switch (open.decision) {
    case 'approve':
      return adminApi.approveDeposit(transaction.id, idempotencyKey);
    case 'rejectDeposit':
      return adminApi.rejectDeposit(transaction.id, reason, idempotencyKey);
    case 'pay':
      return adminApi.payWithdrawal(transaction.id, idempotencyKey);
    case 'rejectWithdrawal':
      return adminApi.rejectWithdrawal(transaction.id, reason, idempotencyKey);
  }
}

/**
 * All users' transactions with the decisions an admin takes on pending ones: approve or reject a
 * deposit, mark a withdrawal paid or reject it. Each asks for confirmation; rejections need a
 * reason, which the user sees.
 */
export function TransactionsTable({
  transactions,
  showUser = true,
  onUserClick,
}: {
  transactions: AdminTransaction[];
  showUser?: boolean;
  /** Filter by this user instead of opening their page. */
  onUserClick?: (user: AdminTransaction['user']) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tTransactions } = useTranslation('transactions');
  const kindLabel = useKindLabel();
  const [open, setOpen] = useState<OpenDecision | null>(null);

  const waiting = usePendingTransactionApprovals();
  const mutation = useAdminMutation({
    mutationFn: ({ open: target, reason }: { open: OpenDecision; reason: string }) =>
      decide(target, reason),
    messages: ({ open: target }) => {
      const { success, failure, waiting: whenWaiting } = TOASTS[target.decision];
      return {
        success: t(success),
        failure: t(failure),
        ...(whenWaiting ? { waiting: t(whenWaiting) } : {}),
      };
    },
    onSuccess: () => setOpen(null),
  });

  function start(decision: Decision, transaction: AdminTransaction) {
    mutation.reset();
    setOpen({ decision, transaction, idempotencyKey: newIdempotencyKey() });
  }

  const columns: DataTableColumn<AdminTransaction>[] = [
    {
      key: 'id',
      header: t('transactions.columns.id'),
      primary: true,
      cell: (tx) => (
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-mono text-sm">{tx.transactionId}</span>
          <span className="text-xs font-normal break-words text-muted">
            {describeTransaction(tTransactions, tx)}
          </span>
          {tx.paymentReference && (
            <span className="text-xs font-normal break-all text-muted">
              {t('transactions.reference', { reference: tx.paymentReference })}
            </span>
          )}
          {tx.failureReason && (
            <span className="text-xs font-normal break-words text-danger">
              {t('transactions.failureReason', { reason: tx.failureReason })}
            </span>
          )}
        </div>
      ),
    },
    ...(showUser
      ? [
          {
            key: 'user',
            header: t('transactions.columns.user'),
            cell: (tx: AdminTransaction) =>
              onUserClick ? (
                <button
                  type="button"
                  onClick={() => onUserClick(tx.user)}
                  className="max-w-48 truncate text-left underline-offset-2 hover:text-brand-strong hover:underline"
                  title={tx.user.email}
                >
                  {tx.user.name}
                </button>
              ) : (
                <Link to={`/admin/users/${tx.user.id}`} className="hover:text-brand-strong">
                  {tx.user.name}
                </Link>
              ),
          },
        ]
      : []),
    {
      key: 'kind',
      header: t('transactions.columns.kind'),
      cell: (tx) => kindLabel(tx.kind),
    },
    {
      key: 'amount',
      header: t('transactions.columns.amount'),
      align: 'right',
      cell: (tx) => (
        <span className="flex flex-col">
          <span
            className={
              tx.type === 'credit'
                ? 'font-semibold whitespace-nowrap text-brand-strong'
                : 'font-semibold whitespace-nowrap text-danger'
            }
          >
            {formatSignedUsd(
              tx.type === 'credit' ? Math.abs(tx.amountCents) : -Math.abs(tx.amountCents),
            )}
          </span>
          {tx.feeCents > 0 && (
            <span className="text-xs whitespace-nowrap text-muted">
              {t('transactions.fee', {
                fee: formatUsd(tx.feeCents),
                net: formatUsd(tx.netCents),
              })}
            </span>
          )}
        </span>
      ),
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
    {
      key: 'date',
      header: t('transactions.columns.date'),
      cell: (tx) => formatDate(tx.createdAt),
    },
    {
      key: 'actions',
      header: t('transactions.columns.actions'),
      align: 'right',
      cell: (tx) =>
        tx.status !== 'pending' ? (
          <span className="text-muted">{t('common.none')}</span>
        ) : waiting.get(tx.transactionId) ? (
          <TransactionApprovalActions approval={waiting.get(tx.transactionId)} />
        ) : tx.kind === 'deposit' ? (
          <span className="inline-flex gap-2 whitespace-nowrap">
            <Button size="sm" onClick={() => start('approve', tx)}>
              {t('transactions.approve')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => start('rejectDeposit', tx)}>
              {t('transactions.reject')}
            </Button>
          </span>
        ) : tx.kind === 'withdrawal' ? (
          <span className="inline-flex gap-2 whitespace-nowrap">
            <Button size="sm" onClick={() => start('pay', tx)}>
              {t('transactions.pay')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => start('rejectWithdrawal', tx)}>
              {t('transactions.reject')}
            </Button>
          </span>
        ) : (
          <span className="text-muted">{t('common.none')}</span>
        ),
    },
  ];

  return (
    <>
      <DataTable
        caption={t('transactions.caption')}
        columns={columns}
        rows={transactions}
        rowKey={(tx) => tx.id}
      />
      {open && (
        <DecisionDialog
          open={open}
          busy={mutation.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) => mutation.mutate({ open, reason })}
        />
      )}
    </>
  );
}

function DecisionDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: OpenDecision;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const tx = open.transaction;
  const values = {
    id: tx.transactionId,
    name: tx.user.name,
    amount: formatUsd(tx.amountCents),
    fee: formatUsd(tx.feeCents),
    net: formatUsd(tx.netCents),
  };
  const rejecting = open.decision === 'rejectDeposit' || open.decision === 'rejectWithdrawal';
  // Approving a deposit and paying out follow the four-eyes rule: above the threshold the
  // decision only asks a second admin; below it, what this admin moved alone for the user in the
  // last 24 hours (which the web does not know) may still tip it over.
  const moving = open.decision === 'approve' || open.decision === 'pay';
  const fourEyes = useQuery({
    queryKey: adminKeys.fourEyes,
    queryFn: ({ signal }) => adminApi.fourEyes(signal),
    enabled: moving,
  });
  const thresholdCents = fourEyes.data?.thresholdCents ?? null;
  const secondAdmin = secondAdminBeforeDeciding(
    BigInt(tx.amountCents),
    thresholdCents === null ? null : BigInt(thresholdCents),
  );
  const rule =
    thresholdCents === null
      ? null
      : thresholdCents === 0
        ? t('fourEyes.every')
        : t('fourEyes.above', { amount: formatUsd(thresholdCents) });
  const asks = moving && secondAdmin === 'required';
  const copy: Record<Decision, { title: string; body: string; confirm: string }> = {
    approve: asks
      ? {
          title: t('transactions.approveAskTitle', values),
          body: t('transactions.approveAskBody', { ...values, rule }),
          confirm: t('transactions.askSecondAdmin'),
        }
      : {
          title: t('transactions.approveTitle', values),
          body: t('transactions.approveBody', values),
          confirm: t('transactions.approve'),
        },
    rejectDeposit: {
      title: t('transactions.rejectDepositTitle', values),
      body: t('transactions.rejectDepositBody', values),
      confirm: t('transactions.reject'),
    },
    pay: asks
      ? {
          title: t('transactions.payAskTitle', values),
          body: t('transactions.payAskBody', { ...values, rule }),
          confirm: t('transactions.askSecondAdmin'),
        }
      : {
          title: t('transactions.payTitle', values),
          body: t('transactions.payBody', values),
          confirm: t('transactions.pay'),
        },
    rejectWithdrawal: {
      title: t('transactions.rejectWithdrawalTitle', values),
      body: t('transactions.rejectWithdrawalBody', values),
      confirm: t('transactions.reject'),
    },
  };
  const { title, body, confirm } = copy[open.decision];
  const details = open.decision === 'pay' ? Object.entries(tx.payoutDetails ?? {}) : [];

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={body}
      confirmLabel={confirm}
      cancelLabel={t('common.cancel')}
      variant={rejecting ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={onConfirm}
      {...(rejecting
        ? {
            reason: {
              label: t('transactions.reason'),
              requiredMessage: t('transactions.reasonRequired'),
              placeholder: t('transactions.reasonPlaceholder'),
            },
          }
        : {})}
    >
      {moving && !asks && (
        <p className="text-sm text-muted">
          {rule === null
            ? t('transactions.mayNeedSecondAdmin')
            : t(
                open.decision === 'pay'
                  ? 'transactions.payMayNeedSecondAdmin'
                  : 'transactions.approveMayNeedSecondAdmin',
                { ...values, rule },
              )}
        </p>
      )}
      {tx.paymentReference && open.decision === 'approve' && (
        <dl className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
          <dt className="text-muted">{t('transactions.paymentReference')}</dt>
          <dd className="font-mono break-all">{tx.paymentReference}</dd>
        </dl>
      )}
      {details.length > 0 && (
        <div className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
          <p className="mb-2 font-medium">{t('transactions.payoutDetails')}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {details.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">
                  {t(`transactions.payoutKeys.${key}`, { defaultValue: key })}
                </dt>
                <dd className={key === 'method' ? 'break-all' : 'font-mono break-all'}>
                  {key === 'method'
                    ? t(`transactions.payoutMethods.${value}`, { defaultValue: value })
                    : value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </ConfirmDialog>
  );
}
