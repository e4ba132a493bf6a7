import { formatUsd } from '@app/shared/money';
import type { AdminPlan } from '@app/shared/schemas/plans';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, type DataTableColumn } from '../../../../ui';
import { EditRetireActions } from '../Retirement';
import { actionsColumn } from '../actionsColumn';

/** What a plan row's buttons start; Edit waits for the strategies the dialog offers. */
export interface PlanRowActions {
  edit: (plan: AdminPlan) => void;
  retire: (plan: AdminPlan) => void;
  editDisabled: boolean;
}

/** The admin plans table's columns. */
export function planColumns(
  t: TFunction<'admin'>,
  actions: PlanRowActions,
): DataTableColumn<AdminPlan>[] {
  return [
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
    { key: 'range', header: t('plans.columns.range'), cell: (plan) => <PlanRange plan={plan} /> },
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
      cell: (plan) => <PlanStatus plan={plan} />,
    },
    actionsColumn(t('plans.columns.actions'), (plan) =>
      plan.retiredAt ? null : (
        <EditRetireActions
          editDisabled={actions.editDisabled}
          onEdit={() => actions.edit(plan)}
          onRetire={() => actions.retire(plan)}
          retireLabel={t('plans.retire')}
        />
      ),
    ),
  ];
}

function PlanRange({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  const strategyMin = plan.strategy?.minCopyCents ?? 0;
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap tabular-nums">
        {formatUsd(plan.minCents)} – {formatUsd(plan.maxCents)}
      </span>
      {/* The lead trader raised their minimum above the plan's: what applies. */}
      {strategyMin > plan.minCents && (
        <span className="text-xs text-muted">
          {t('plans.effectiveMin', { min: formatUsd(strategyMin) })}
        </span>
      )}
    </span>
  );
}

function PlanStatus({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  if (plan.retiredAt) return <Badge>{t('plans.retired')}</Badge>;
  if (plan.closed) {
    return (
      <Badge tone={plan.closed === 'strategy_retired' ? 'danger' : 'warning'}>
        {t(`plans.closed.${plan.closed}`)}
      </Badge>
    );
  }
  return <Badge tone="success">{t('plans.active')}</Badge>;
}
