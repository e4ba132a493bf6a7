import { APPROVAL_STATUSES } from '@app/shared/schemas/approvals';
import { formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi, adminKeys } from '../api';
import { approvalColumns } from '../components/approvals/approvalColumns';
import { NoOtherApproverNotice, useApprovalSummary } from '../components/ApprovalActions';
import { PageIntro } from '../components/QueryStates';
import { ReviewQueueTable, useReviewQueue } from '../components/StatusFilter';
import { useAdminQuery } from '../hooks/useAdminQuery';

/**
 * /admin/approvals: four eyes. Adjustments, deposit approvals and withdrawal payouts above the
 * threshold, setting changes that widen what one admin can do, and making someone an admin wait
 * here until an admin other than the one who asked approves (carried out then) or rejects them.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('admin');
  const queue = useReviewQueue(APPROVAL_STATUSES, adminKeys.approvals, adminApi.listApprovals);
  const threshold = useAdminQuery(adminKeys.fourEyes, adminApi.fourEyes);
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
      <ReviewQueueTable
        section="approvals"
        queue={queue}
        rows={(data) => data.items}
        columns={approvalColumns(t, summary)}
      />
    </div>
  );
}
