import { TRADER_APPLICATION_STATUSES } from '@app/shared/schemas/lead-traders';
import { useTranslation } from 'react-i18next';
import { adminApi, adminKeys } from '../api';
import { PageIntro } from '../components/QueryStates';
import { applicationColumns } from '../components/traderApplications/applicationColumns';
import { ReviewQueueTable, useReviewQueue } from '../components/StatusFilter';

/**
 * /admin/trader-applications: the lead-trader programme's review queue. Each application is
 * approved (the applicant becomes a lead trader) or rejected, always with a reason the applicant
 * reads on their profile. An admin never decides on their own application.
 */
export function TraderApplicationsPage() {
  const { t } = useTranslation('admin');
  const queue = useReviewQueue(
    TRADER_APPLICATION_STATUSES,
    adminKeys.traderApplications,
    adminApi.listTraderApplications,
  );

  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('traderApplications.intro')}</PageIntro>
      <ReviewQueueTable
        section="traderApplications"
        queue={queue}
        rows={(data) => data.applications}
        columns={applicationColumns(t)}
      />
    </div>
  );
}
