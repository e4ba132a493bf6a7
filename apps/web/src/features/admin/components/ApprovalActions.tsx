import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { Button, ConfirmDialog } from '../../../ui';
import { adminApi, adminKeys, type Approval } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';

/** The payout approvals waiting now, by the withdrawal's TNX id (for the transaction rows). */
export function usePendingPayoutApprovals(): Map<string, Approval> {
  const query = useQuery({
    queryKey: adminKeys.approvals('pending'),
    queryFn: ({ signal }) => adminApi.listApprovals('pending', signal),
  });
  const byTransaction = new Map<string, Approval>();
  for (const approval of query.data?.items ?? []) {
    if (approval.kind === 'withdrawal_payout' && approval.transactionId) {
      byTransaction.set(approval.transactionId, approval);
    }
  }
  return byTransaction;
}

/** What the approval asks for, in one line ("Bonus adjustment of $1,500.00 for Ada"). */
export function useApprovalSummary() {
  const { t } = useTranslation('admin');
  return (approval: Approval) =>
    approval.kind === 'withdrawal_payout'
      ? t('approvals.summaryPayout', {
          amount: formatUsd(approval.amountCents),
          id: approval.transactionId ?? '',
          name: approval.user.name,
        })
      : t(`approvals.summaryAdjustment.${approval.bucket ?? 'balance'}`, {
          amount: formatUsd(approval.amountCents),
          name: approval.user.name,
        });
}

type Decision = 'approve' | 'reject';

/**
 * The checker's buttons on a waiting approval. The admin who asked for it, and the admin whose
 * money it is, see why they cannot decide instead (the server refuses them too).
 */
export function ApprovalActions({ approval }: { approval: Approval }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const summary = useApprovalSummary();
  const [open, setOpen] = useState<{ decision: Decision; idempotencyKey: string } | null>(null);
  const mutation = useAdminMutation({
    mutationFn: ({
      decision,
      idempotencyKey,
      reason,
    }: {
      decision: Decision;
      idempotencyKey: string;
      reason: string;
    }) =>
      decision === 'approve'
        ? adminApi.approveApproval(approval.id, idempotencyKey)
        : adminApi.rejectApproval(approval.id, reason, idempotencyKey),
    messages: ({ decision }) =>
      decision === 'approve'
        ? { success: t('toasts.approvalApproved'), failure: t('toasts.approvalApproveFailed') }
        : { success: t('toasts.approvalRejected'), failure: t('toasts.approvalRejectFailed') },
    onSuccess: () => setOpen(null),
  });

  if (approval.status !== 'pending') return <span className="text-muted">{t('common.none')}</span>;
  if (user?.id === approval.requestedBy.id) {
    return <span className="text-sm text-muted">{t('approvals.youRequested')}</span>;
  }
  if (user?.id === approval.user.id) {
    return <span className="text-sm text-muted">{t('approvals.yourMoney')}</span>;
  }
  const values = { summary: summary(approval), maker: approval.requestedBy.name };
  return (
    <>
      <span className="inline-flex gap-2 whitespace-nowrap">
        <Button
          size="sm"
          onClick={() => {
            mutation.reset();
            setOpen({ decision: 'approve', idempotencyKey: newIdempotencyKey() });
          }}
        >
          {t('approvals.approve')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            mutation.reset();
            setOpen({ decision: 'reject', idempotencyKey: newIdempotencyKey() });
          }}
        >
          {t('approvals.reject')}
        </Button>
      </span>
      {open && (
        <ConfirmDialog
          open
          onOpenChange={(next) => {
            if (!next) setOpen(null);
          }}
          title={t(
            open.decision === 'approve' ? 'approvals.approveTitle' : 'approvals.rejectTitle',
          )}
          description={t(
            open.decision === 'approve' ? 'approvals.approveBody' : 'approvals.rejectBody',
            values,
          )}
          confirmLabel={t(open.decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
          cancelLabel={t('common.cancel')}
          variant={open.decision === 'approve' ? 'primary' : 'danger'}
          busy={mutation.isPending}
          onConfirm={(reason) => mutation.mutate({ ...open, reason })}
          {...(open.decision === 'reject'
            ? {
                reason: {
                  label: t('transactions.reason'),
                  requiredMessage: t('transactions.reasonRequired'),
                  placeholder: t('approvals.reasonPlaceholder'),
                },
              }
            : {})}
        >
          {approval.reason && (
            <dl className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
              <dt className="text-muted">{t('approvals.adjustmentReason')}</dt>
              <dd className="break-words">{approval.reason}</dd>
            </dl>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/** On a withdrawal row whose payout waits for a second admin. */
export function PayoutApprovalActions({ approval }: { approval: Approval | undefined }) {
  const { t } = useTranslation('admin');
  if (!approval) return null;
  return (
    <span className="inline-flex flex-col items-end gap-1 sm:items-start">
      <span className="text-xs text-muted">
        {t('approvals.requestedBy', { name: approval.requestedBy.name })}
      </span>
      <ApprovalActions approval={approval} />
    </span>
  );
}

/** The requests about one user's money that wait for a second admin (on their admin page). */
export function PendingApprovalsFor({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const summary = useApprovalSummary();
  const query = useQuery({
    queryKey: adminKeys.approvals('pending'),
    queryFn: ({ signal }) => adminApi.listApprovals('pending', signal),
  });
  const mine = (query.data?.items ?? []).filter((approval) => approval.user.id === userId);
  if (mine.length === 0) return null;
  return (
    <section aria-label={t('approvals.waitingForUser')} className="mt-4 flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('approvals.waitingForUser')}</h3>
      <ul className="flex flex-col gap-2">
        {mine.map((approval) => (
          <li
            key={approval.id}
            className="flex flex-col gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="flex min-w-0 flex-col">
              <span className="break-words">{summary(approval)}</span>
              <span className="text-xs text-muted">
                {t('approvals.requestedBy', { name: approval.requestedBy.name })}
              </span>
            </span>
            <ApprovalActions approval={approval} />
          </li>
        ))}
      </ul>
    </section>
  );
}
