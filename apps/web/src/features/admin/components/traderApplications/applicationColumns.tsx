import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../lib/auth';
import { Badge, ConfirmDialog, type DataTableColumn } from '../../../../ui';
import { adminApi, type AdminTraderApplication } from '../../api';
import { formatDateTime } from '../../format';
import { useAdminMutation } from '../../hooks/useAdminMutation';
import { ApproveRejectButtons, type Decision } from '../ApproveRejectButtons';
import { REVIEW_TONES } from '../StatusBadges';

/** The lead-trader applications queue's columns: who applied and why, then the decision. */
export function applicationColumns(
  t: TFunction<'admin'>,
): DataTableColumn<AdminTraderApplication>[] {
  return [
    {
      key: 'applicant',
      header: t('traderApplications.columns.applicant'),
      primary: true,
      cell: (application) => (
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium break-words">{application.displayName}</span>
          <Link
            to={`/admin/users/${application.userId}`}
            className="text-xs break-all text-muted hover:text-brand-strong"
          >
            {application.userName} · {application.userEmail}
          </Link>
          <span className="text-sm break-words">{application.bio}</span>
          <span className="text-xs break-words whitespace-pre-line text-muted">
            {application.experience}
          </span>
          {application.decisionReason && (
            <span className="text-xs break-words">
              {t('traderApplications.reasonLine', {
                reason: application.decisionReason,
              })}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'submitted',
      header: t('traderApplications.columns.submitted'),
      cell: (application) => (
        <time dateTime={application.createdAt} className="whitespace-nowrap">
          {formatDateTime(application.createdAt)}
        </time>
      ),
    },
    {
      key: 'status',
      header: t('traderApplications.columns.status'),
      cell: (application) => (
        <Badge tone={REVIEW_TONES[application.status]}>
          {t(`traderApplications.statuses.${application.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('transactions.columns.actions'),
      align: 'right',
      cell: (application) => <DecisionButtons application={application} />,
    },
  ];
}

/**
 * Approve or Reject a pending application, each after a confirmation with a reason the applicant
 * reads; an admin's own application shows "yours" instead.
 */
function DecisionButtons({ application }: { application: AdminTraderApplication }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const [open, setOpen] = useState<Decision | null>(null);
  const mutation = useAdminMutation({
    mutationFn: ({ decision, reason }: { decision: Decision; reason: string }) =>
      adminApi.decideTraderApplication(application.id, decision, reason),
    messages: ({ decision }) =>
      decision === 'approve'
        ? {
            success: t('traderApplications.toasts.approved'),
            failure: t('traderApplications.toasts.approveFailed'),
          }
        : {
            success: t('traderApplications.toasts.rejected'),
            failure: t('traderApplications.toasts.rejectFailed'),
          },
    onSuccess: () => setOpen(null),
  });
  if (application.status !== 'pending') {
    return <span className="text-muted">{t('common.none')}</span>;
  }
  if (user?.id === application.userId) {
    return <span className="text-sm text-muted">{t('traderApplications.yours')}</span>;
  }
  const name = application.displayName;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ApproveRejectButtons
        section="traderApplications"
        rejectVariant="danger"
        onDecide={setOpen}
      />
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={t(`traderApplications.${open ?? 'approve'}Title`, { name })}
        description={t(`traderApplications.${open ?? 'approve'}Body`, { name })}
        confirmLabel={t(`traderApplications.${open ?? 'approve'}`)}
        cancelLabel={t('common.cancel')}
        variant={open === 'reject' ? 'danger' : 'primary'}
        reason={{
          label: t('traderApplications.reasonLabel'),
          requiredMessage: t('traderApplications.reasonRequired'),
        }}
        busy={mutation.isPending}
        onConfirm={(reason) => {
          if (open) mutation.mutate({ decision: open, reason });
        }}
      />
    </div>
  );
}
