import { APPROVAL_STATUSES, type ApprovalStatus } from '@app/shared/schemas/approvals';
import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, DataTable, EmptyState, LoadingBlock } from '../../../ui';
import { adminApi, adminKeys, type Approval } from '../api';
import { movesMoney } from '../approvalSummary';
import {
  ApprovalActions,
  NoOtherApproverNotice,
  useApprovalSummary,
} from '../components/ApprovalActions';
import { LoadError, PageIntro } from '../components/QueryStates';
import { formatDateTime } from '../format';
import { StatusFilter, useStatusParam } from '../components/StatusFilter';

const TONES = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/**
 * /admin/approvals: four eyes. Adjustments, deposit approvals and withdrawal payouts above the
 * threshold, setting changes that widen what one admin can do, and making someone an admin wait
 * here until an admin other than the one who asked approves (carried out then) or rejects them.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useStatusParam<ApprovalStatus>(APPROVAL_STATUSES, 'pending');
  const query = useQuery({
    queryKey: adminKeys.approvals(status),
    queryFn: ({ signal }) => adminApi.listApprovals(status, signal),
  });
  const threshold = useQuery({
    queryKey: adminKeys.fourEyes,
    queryFn: ({ signal }) => adminApi.fourEyes(signal),
  });
  const summary = useApprovalSummary();

  return (
    <div className="flex flex-col gap-5">
      <PageIntro>
        {threshold.data
          ? threshold.data.thresholdCents === 0
            ? t('approvals.introEvery')
            : t('approvals.intro', { amount: formatUsd(threshold.data.thresholdCents) })
          : t('approvals.introShort')}{' '}
        <Link
          to="/admin/payment-methods"
          className="text-brand-strong underline underline-offset-4"
        >
          {t('approvals.changeThreshold')}
        </Link>
      </PageIntro>
      <NoOtherApproverNotice />
      <StatusFilter
        label={t('approvals.show')}
        statuses={APPROVAL_STATUSES}
        value={status}
        optionLabel={(value) => t(`approvals.statuses.${value}`)}
        onChange={setStatus}
      />
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t(`approvals.empty.${status}`)} />
      ) : (
        <DataTable<Approval>
          caption={t('approvals.caption')}
          rows={query.data.items}
          rowKey={(approval) => approval.id}
          columns={[
            {
              key: 'what',
              header: t('approvals.columns.what'),
              primary: true,
              cell: (approval) => (
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium break-words">{summary(approval)}</span>
                  {approval.user && (
                    <Link
                      to={`/admin/users/${approval.user.id}`}
                      className="text-xs break-all text-muted hover:text-brand-strong"
                    >
                      {approval.user.email}
                    </Link>
                  )}
                  {approval.reason && (
                    <span className="text-xs break-words text-muted">
                      {t('approvals.reasonLine', { reason: approval.reason })}
                    </span>
                  )}
                  {approval.rejectionReason && (
                    <span className="text-xs break-words text-danger">
                      {t('transactions.failureReason', { reason: approval.rejectionReason })}
                    </span>
                  )}
                </div>
              ),
            },
            {
              key: 'amount',
              header: t('approvals.columns.amount'),
              align: 'right',
              cell: (approval) =>
                movesMoney(approval) ? (
                  <span className="font-semibold whitespace-nowrap">
                    {formatUsd(approval.amountCents)}
                  </span>
                ) : (
                  <span className="text-muted">{t('common.none')}</span>
                ),
            },
            {
              key: 'requested',
              header: t('approvals.columns.requested'),
              cell: (approval) => (
                <span className="flex flex-col">
                  <span>{approval.requestedBy.name}</span>
                  <time dateTime={approval.requestedAt} className="text-xs text-muted">
                    {formatDateTime(approval.requestedAt)}
                  </time>
                </span>
              ),
            },
            {
              key: 'status',
              header: t('approvals.columns.status'),
              cell: (approval) => (
                <span className="flex flex-col items-end gap-0.5 sm:items-start">
                  <Badge tone={TONES[approval.status]}>
                    {t(`approvals.statuses.${approval.status}`)}
                  </Badge>
                  {approval.decidedBy && (
                    <span className="text-xs text-muted">
                      {t('approvals.decidedBy', { name: approval.decidedBy.name })}
                    </span>
                  )}
                </span>
              ),
            },
            {
              key: 'actions',
              header: t('transactions.columns.actions'),
              align: 'right',
              cell: (approval) => <ApprovalActions approval={approval} />,
            },
          ]}
        />
      )}
    </div>
  );
}
