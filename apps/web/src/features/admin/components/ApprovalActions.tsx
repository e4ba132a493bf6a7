import type { DualControlSetting } from '@app/shared/schemas/approvals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { Button, ConfirmDialog } from '../../../ui';
import { adminApi, adminKeys, type Approval } from '../api';
import { describeApproval, describeSettingChange, movesMoney } from '../approvalSummary';
import { useAdminMutation } from '../hooks/useAdminMutation';

/** Every request waiting for a second admin now. */
function usePendingApprovals(): Approval[] {
  const query = useQuery({
    queryKey: adminKeys.approvals('pending'),
    queryFn: ({ signal }) => adminApi.listApprovals('pending', signal),
  });
  return query.data?.items ?? [];
}

/**
 * The payout and deposit approvals waiting now, by the transaction's TNX id (for the transaction
 * rows: such a transaction is decided through its approval, not its own buttons).
 */
export function usePendingTransactionApprovals(): Map<string, Approval> {
  const byTransaction = new Map<string, Approval>();
  for (const approval of usePendingApprovals()) {
    if (
      (approval.kind === 'withdrawal_payout' || approval.kind === 'deposit_approval') &&
      approval.transactionId
    ) {
      byTransaction.set(approval.transactionId, approval);
    }
  }
  return byTransaction;
}

/** What an approval asks for, in one line, in the reader's language (approvalSummary.ts). */
export function useApprovalSummary() {
  const { t } = useTranslation('admin');
  return (approval: Approval) => describeApproval(t, approval);
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
  const money = movesMoney(approval);
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
        ? {
            success: t(money ? 'toasts.approvalApproved' : 'toasts.approvalApprovedChange'),
            failure: t('toasts.approvalApproveFailed'),
          }
        : {
            success: t(money ? 'toasts.approvalRejected' : 'toasts.approvalRejectedChange'),
            failure: t('toasts.approvalRejectFailed'),
          },
    onSuccess: () => setOpen(null),
  });

  if (approval.status !== 'pending') return <span className="text-muted">{t('common.none')}</span>;
  if (user?.id === approval.requestedBy.id) {
    return <span className="text-sm text-muted">{t('approvals.youRequested')}</span>;
  }
  if (approval.user && user?.id === approval.user.id) {
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
            open.decision === 'approve'
              ? money
                ? 'approvals.approveBody'
                : 'approvals.approveBodyChange'
              : money
                ? 'approvals.rejectBody'
                : 'approvals.rejectBodyChange',
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

/** On a deposit or withdrawal row whose decision waits for a second admin. */
export function TransactionApprovalActions({ approval }: { approval: Approval | undefined }) {
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

/** A waiting request with who asked for it and the checker's buttons (in a list or a card). */
function WaitingApproval({ approval, label }: { approval: Approval; label: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <span className="flex min-w-0 flex-col">
        <span className="break-words">{label}</span>
        <span className="text-xs text-muted">
          {t('approvals.requestedBy', { name: approval.requestedBy.name })}
        </span>
      </span>
      <ApprovalActions approval={approval} />
    </div>
  );
}

/**
 * The requests about one user (their money, or making them an admin) that wait for a second admin
 * (on their admin page).
 */
export function PendingApprovalsFor({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const summary = useApprovalSummary();
  const mine = usePendingApprovals().filter((approval) => approval.user?.id === userId);
  if (mine.length === 0) return null;
  return (
    <section aria-label={t('approvals.waitingForUser')} className="mt-4 flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('approvals.waitingForUser')}</h3>
      <ul className="flex flex-col gap-2">
        {mine.map((approval) => (
          <li key={approval.id}>
            <WaitingApproval approval={approval} label={summary(approval)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * On a setting's card: the change of it that waits for a second admin, if one does (the card
 * shows the value still in force; a checker can decide here).
 */
export function PendingSettingChange({
  setting,
  className = 'mt-4',
}: {
  setting: DualControlSetting;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  const waiting = usePendingApprovals().find(
    (approval) => approval.kind === 'setting_change' && approval.change?.setting === setting,
  );
  if (!waiting?.change) return null;
  return (
    <section aria-label={t('approvals.waitingForUser')} className={className}>
      <WaitingApproval
        approval={waiting}
        label={t('approvals.settingWaiting', {
          summary: describeSettingChange(t, waiting.change),
        })}
      />
    </section>
  );
}
