import type { AdminPlan } from '@app/shared/schemas/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { PlanDialog } from '../components/PlanDialog';
import { planColumns } from '../components/plans/planColumns';
import { PageIntro, QueryTable } from '../components/QueryStates';
import { useRetirement } from '../components/Retirement';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { onClosed } from '../components/DialogForm';

/** /admin/plans: what users can invest in; each plan copies one strategy. */
export function PlansPage() {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const plans = useAdminQuery(adminKeys.plans, adminApi.listPlans);
  const strategies = useAdminQuery(adminKeys.strategies, adminApi.listStrategies);
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
      <QueryTable
        query={plans}
        rows={(data) => data.plans}
        empty={t('plans.empty')}
        caption={t('plans.caption')}
        rowKey={(plan) => plan.id}
        columns={planColumns(t, {
          edit: setEditing,
          retire: retirement.ask,
          editDisabled: !strategies.data,
        })}
      />
      <PlanDialog
        plan={editing === 'new' ? null : editing}
        strategies={strategies.data?.strategies ?? []}
        open={editing !== null}
        onOpenChange={onClosed(() => setEditing(null))}
      />
      {retirement.dialog}
    </div>
  );
}
