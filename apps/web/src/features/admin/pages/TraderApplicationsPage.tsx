import {
  TRADER_APPLICATION_STATUSES,
  type TraderApplicationStatus,
} from '@app/shared/schemas/lead-traders';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import { Badge, Button, ConfirmDialog, DataTable, EmptyState, LoadingBlock } from '../../../ui';
import { adminApi, adminKeys, type AdminTraderApplication } from '../api';
import { LoadError, PageIntro } from '../components/QueryStates';
import { formatDateTime } from '../format';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { StatusFilter, useStatusParam } from '../components/StatusFilter';

const TONES = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
type Decision = 'approve' | 'reject';

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
  const query = useQuery({
    queryKey: adminKeys.traderApplications(status),
    queryFn: ({ signal }) => adminApi.listTraderApplications(status, signal),
  });

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
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.applications.length === 0 ? (
        <EmptyState title={t(`traderApplications.empty.${status}`)} />
      ) : (
        <DataTable<AdminTraderApplication>
          caption={t('traderApplications.caption')}
          rows={query.data.applications}
          rowKey={(application) => application.id}
          columns={[
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
                <Badge tone={TONES[application.status]}>
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
          ]}
        />
      )}
    </div>
  );
}

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
      <Button size="sm" onClick={() => setOpen('approve')}>
        {t('traderApplications.approve')}
      </Button>
      <Button size="sm" variant="danger" onClick={() => setOpen('reject')}>
        {t('traderApplications.reject')}
      </Button>
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
