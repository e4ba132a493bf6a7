import { formatUsd } from '@app/shared/money';
import type { AdminPlan } from '@app/shared/schemas/plans';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, DataTable, EmptyState, LoadingBlock } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { PlanDialog } from '../components/PlanDialog';
import { LoadError, PageIntro } from '../components/QueryStates';
import { EditRetireActions, useRetirement } from '../components/Retirement';

/** /admin/plans: what users can invest in; each plan copies one strategy. */
export function PlansPage() {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const plans = useQuery({
    queryKey: adminKeys.plans,
    queryFn: ({ signal }) => adminApi.listPlans(signal),
  });
  const strategies = useQuery({
    queryKey: adminKeys.strategies,
    queryFn: ({ signal }) => adminApi.listStrategies(signal),
  });
  const retirement = useRetirement({
    retire: (plan: AdminPlan) => adminApi.retirePlan(plan.id),
    messages: { success: t('toasts.planRetired'), failure: t('toasts.planRetireFailed') },
    confirmation: (plan) => ({
      title: t('plans.retireTitle', { title: plan.title }),
      description: t('plans.retireBody'),
    }),
    confirmLabel: t('plans.retire'),
  });

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        actions={
          <Button onClick={() => setEditing('new')} disabled={!strategies.data}>
            {t('plans.add')}
          </Button>
        }
      >
        {t('plans.intro')}
      </PageIntro>
      {plans.isPending ? (
        <LoadingBlock />
      ) : plans.isError ? (
        <LoadError onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : plans.data.plans.length === 0 ? (
        <EmptyState title={t('plans.empty')} />
      ) : (
        <DataTable
          caption={t('plans.caption')}
          rows={plans.data.plans}
          rowKey={(plan) => plan.id}
          columns={[
            {
              key: 'title',
              header: t('plans.columns.title'),
              primary: true,
              cell: (plan) => (
                <span className="flex flex-wrap items-center gap-2">
                  {plan.title}
                  {plan.recommended && <Badge tone="success">{t('plans.featured')}</Badge>}
                </span>
              ),
            },
            {
              key: 'range',
              header: t('plans.columns.range'),
              cell: (plan) => (
                <span className="flex flex-col">
                  <span className="whitespace-nowrap tabular-nums">
                    {formatUsd(plan.minCents)} – {formatUsd(plan.maxCents)}
                  </span>
                  {/* The lead trader raised their minimum above the plan's: what applies. */}
                  {(plan.strategy?.minCopyCents ?? 0) > plan.minCents && (
                    <span className="text-xs text-muted">
                      {t('plans.effectiveMin', {
                        min: formatUsd(plan.strategy?.minCopyCents ?? 0),
                      })}
                    </span>
                  )}
                </span>
              ),
            },
            {
              key: 'term',
              header: t('plans.columns.term'),
              cell: (plan) => t('plans.termDays', { count: plan.termDays }),
            },
            {
              key: 'strategy',
              header: t('plans.columns.strategy'),
              cell: (plan) => plan.strategy?.name ?? t('plans.noStrategy'),
            },
            {
              key: 'fee',
              header: t('plans.columns.fee'),
              align: 'right',
              cell: (plan) =>
                plan.strategy?.performanceFeePct != null
                  ? t('plans.feeOfStrategy', { pct: plan.performanceFeePct })
                  : `${plan.performanceFeePct}%`,
            },
            {
              key: 'status',
              header: t('plans.columns.status'),
              cell: (plan) =>
                plan.retiredAt ? (
                  <Badge>{t('plans.retired')}</Badge>
                ) : plan.closed ? (
                  <Badge tone={plan.closed === 'strategy_retired' ? 'danger' : 'warning'}>
                    {t(`plans.closed.${plan.closed}`)}
                  </Badge>
                ) : (
                  <Badge tone="success">{t('plans.active')}</Badge>
                ),
            },
            {
              key: 'actions',
              header: <span className="sr-only">{t('plans.columns.actions')}</span>,
              align: 'right',
              cell: (plan) =>
                plan.retiredAt ? null : (
                  <EditRetireActions
                    editDisabled={!strategies.data}
                    onEdit={() => setEditing(plan)}
                    onRetire={() => retirement.ask(plan)}
                    retireLabel={t('plans.retire')}
                  />
                ),
            },
          ]}
        />
      )}
      <PlanDialog
        plan={editing === 'new' ? null : editing}
        strategies={strategies.data?.strategies ?? []}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      {retirement.dialog}
    </div>
  );
}
