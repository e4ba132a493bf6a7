import type { DualControlSetting } from '@app/shared/schemas/approvals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newIdempotencyKey } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { ConfirmDialog } from '../../../ui';
import { adminApi, adminKeys, type Approval } from '../api';
import { describeApproval, describeSettingChange, movesMoney } from '../approvalSummary';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { ApproveRejectButtons, type Decision } from './ApproveRejectButtons';

/**
 * Who else could approve what waits for a second admin (GET /api/admin/users/approvers). With
 * nobody, a waiting request waits forever unless the admin appoints one: the rows and the
 * approvals page say so (issue 39).
 */
export function useApprovers() {
  return useAdminQuery(adminKeys.approvers, adminApi.approvers);
}

/** On the approvals page, while no other admin can approve: why requests wait, and the way out. */
export function NoOtherApproverNotice() {
  const { t } = useTranslation('admin');
  const approvers = useApprovers();
  if (!approvers.data || approvers.data.otherApprovers > 0) return null;
  const { admins, canAppointAlone } = approvers.data;
  const body = canAppointAlone
    ? 'approvals.alone.appointFirst'
    : admins > 1
      ? 'approvals.alone.twoFactor'
      : 'approvals.alone.appointWaits';
  return (
    <section
      aria-labelledby="no-other-approver-title"
      data-testid="no-other-approver"
      className="flex flex-col gap-2 rounded-2xl border border-warning/40 bg-warning/5 p-5 text-sm"
    >
      <h2 id="no-other-approver-title" className="font-semibold text-text">
        {t('approvals.alone.title', { count: admins })}
      </h2>
      <p className="text-muted">{t(body, { count: admins - 1 })}</p>
      <p className="text-muted">{t('approvals.alone.threshold')}</p>
      <Link to="/admin/users" className="self-start text-brand-strong underline underline-offset-4">
        {t('approvals.alone.toUsers')}
      </Link>
    </section>
  );
}

/** Every request waiting for a second admin now. */
function usePendingApprovals(): Approval[] {
  const query = useAdminQuery(adminKeys.approvals('pending'), (signal) =>
    adminApi.listApprovals('pending', signal),
  );
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

interface Opened {
  decision: Decision;
  idempotencyKey: string;
}

/** The decision being confirmed (one key per opening: a retried request decides once). */
function useApprovalDecision(approval: Approval) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<Opened | null>(null);
  const money = movesMoney(approval);
  const mutation = useAdminMutation({
    mutationFn: ({ decision, idempotencyKey, reason }: Opened & { reason: string }) =>
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
  function start(decision: Decision) {
    mutation.reset();
    setOpen({ decision, idempotencyKey: newIdempotencyKey() });
  }
  return { open, close: () => setOpen(null), start, mutation };
}

/**
 * The checker's buttons on a waiting approval. The admin who asked for it, and the admin whose
 * money it is, see why they cannot decide instead (the server refuses them too).
 */
export function ApprovalActions({ approval }: { approval: Approval }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const { open, close, start, mutation } = useApprovalDecision(approval);

  if (approval.status !== 'pending') return <span className="text-muted">{t('common.none')}</span>;
  if (user?.id === approval.requestedBy.id) {
    return <YouRequested />;
  }
  if (approval.user && user?.id === approval.user.id) {
    return <span className="text-sm text-muted">{t('approvals.yourMoney')}</span>;
  }
  return (
    <>
      <span className="inline-flex gap-2 whitespace-nowrap">
        <ApproveRejectButtons section="approvals" rejectVariant="secondary" onDecide={start} />
      </span>
      {open && (
        <DecisionDialog
          approval={approval}
          decision={open.decision}
          busy={mutation.isPending}
          onClose={close}
          onConfirm={(reason) => mutation.mutate({ ...open, reason })}
        />
      )}
    </>
  );
}

/** Approve or reject, confirmed; a rejection asks for its reason. */
function DecisionDialog({
  approval,
  decision,
  busy,
  onClose,
  onConfirm,
}: {
  approval: Approval;
  decision: Decision;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const summary = useApprovalSummary();
  const money = movesMoney(approval);
  const values = { summary: summary(approval), maker: approval.requestedBy.name };
  const approving = decision === 'approve';
  const body = approving
    ? money
      ? 'approvals.approveBody'
      : 'approvals.approveBodyChange'
    : money
      ? 'approvals.rejectBody'
      : 'approvals.rejectBodyChange';
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t(approving ? 'approvals.approveTitle' : 'approvals.rejectTitle')}
      description={t(body, values)}
      confirmLabel={t(approving ? 'approvals.approve' : 'approvals.reject')}
      cancelLabel={t('common.cancel')}
      variant={approving ? 'primary' : 'danger'}
      busy={busy}
      onConfirm={onConfirm}
      {...(approving
        ? {}
        : {
            reason: {
              label: t('transactions.reason'),
              requiredMessage: t('transactions.reasonRequired'),
              placeholder: t('approvals.reasonPlaceholder'),
            },
          })}
    >
      {approval.reason && (
        <dl className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
          <dt className="text-muted">{t('approvals.adjustmentReason')}</dt>
          <dd className="break-words">{approval.reason}</dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}

/**
 * The maker's own waiting request: another admin must approve it, and, when nobody else can, how
 * to appoint one (wherever the row is: approvals, transactions, the user's page).
 */
function YouRequested() {
  const { t } = useTranslation('admin');
  const approvers = useApprovers();
  const alone = approvers.data?.otherApprovers === 0;
  return (
    <span className="text-sm text-muted" data-testid="you-requested">
      {t('approvals.youRequested')}
      {alone && (
        <>
          {' '}
          {t(
            approvers.data?.canAppointAlone
              ? 'approvals.alone.rowAppointFirst'
              : 'approvals.alone.row',
          )}{' '}
          <Link to="/admin/approvals" className="text-brand-strong underline underline-offset-4">
            {t('approvals.alone.rowLink')}
          </Link>
        </>
      )}
    </span>
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
