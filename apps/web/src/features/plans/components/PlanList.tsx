import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadingPlaceholder, QueryErrorState, SparkIcon } from '../../../ui';
import { usePublicPlans, type PublicPlan } from '../../public/api';
import { PlanCard } from '../../public/components/PlanCard';

export /** The plans from GET /api/plans (loading, error, empty), each card with `action` at its foot. */
function PlanList({ action }: { action: (plan: PublicPlan) => ReactNode }) {
  const { t } = useTranslation('plans');
  const plans = usePublicPlans();
  // ?plan=<id> (back from the appropriateness check): that plan's card in view.
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('plan');
  const loaded = plans.isSuccess;
  useEffect(() => {
    if (!wanted || !loaded) return;
    document.getElementById(`plan-${wanted}-title`)?.scrollIntoView({ block: 'start' });
  }, [wanted, loaded]);
  return plans.isPending ? (
    <LoadingPlaceholder label={t('loading')} className="grid gap-6 md:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          className="h-[36rem] animate-pulse rounded-2xl border border-border bg-surface"
        />
      ))}
    </LoadingPlaceholder>
  ) : plans.isError ? (
    <QueryErrorState query={plans} title={t('error')} retryLabel={t('retry')} />
  ) : plans.data.length === 0 ? (
    <EmptyState
      icon={<SparkIcon width={24} height={24} />}
      title={t('empty')}
      description={t('emptyHint')}
    />
  ) : (
    <ul className="grid gap-6 md:grid-cols-2">
      {plans.data.map((plan) => (
        <li key={plan.id} className="flex min-w-0">
          <PlanCard plan={plan} action={action(plan)} />
        </li>
      ))}
    </ul>
  );
}
