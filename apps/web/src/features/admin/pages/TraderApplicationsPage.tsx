import {
  TRADER_APPLICATION_STATUSES,
  type TraderApplicationStatus,
} from '@app/shared/schemas/lead-traders';
import { useTranslation } from 'react-i18next';
import { adminApi, adminKeys } from '../api';
import { PageIntro, QueryTable } from '../components/QueryStates';
import { applicationColumns } from '../components/traderApplications/applicationColumns';
import { StatusFilter, useStatusParam } from '../components/StatusFilter';
import { useAdminQuery } from '../hooks/useAdminQuery';

/**
 * /admin/trader-applications: the lead-trader programme's review queue. Each application is
 * approved (the applicant becomes a lead trader) or rejected, always with a reason the applicant
 * reads on their profile. An admin never decides on their own application.
 */
export function TraderApplicationsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useStatusParam<TraderApplicationStatus>(
    TRADER_APPLICATION_STATUSES,
    'pending',
  );
  const query = useAdminQuery(adminKeys.traderApplications(status), (signal) =>
    adminApi.listTraderApplications(status, signal),
  );

  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('traderApplications.intro')}</PageIntro>
      <StatusFilter
        label={t('traderApplications.show')}
        statuses={TRADER_APPLICATION_STATUSES}
        value={status}
        optionLabel={(value) => t(`traderApplications.statuses.${value}`)}
        onChange={setStatus}
      />
      <QueryTable
        query={query}
        rows={(data) => data.applications}
        empty={t(`traderApplications.empty.${status}`)}
        caption={t('traderApplications.caption')}
        rowKey={(application) => application.id}
        columns={applicationColumns(t)}
      />
    </div>
  );
}
