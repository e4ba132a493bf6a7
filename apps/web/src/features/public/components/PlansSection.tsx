import { useTranslation } from 'react-i18next';
import { usePublicPlans } from '../api';
import { PlanCard } from './PlanCard';
import { LandingSection, sectionCopy } from './LandingSection';

/**
 * Plans (#plans), loaded from GET /api/plans. While the server has no plans (or the endpoint is
 * not there yet) the section stays quiet: a skeleton while loading, then a short note, never
 * made-up figures.
 */
export function PlansSection() {
  const { t } = useTranslation('public');
  // The landing offers what can be invested in: a closed plan (its strategy retired) is left out.
  const { data: allPlans, isPending } = usePublicPlans();
  const plans = allPlans?.filter((plan) => !plan.closed);

  return (
    <LandingSection
      id="plans"
      titleId="plans-title"
      className="scroll-mt-20 py-20 sm:py-24"
      heading={sectionCopy(t, 'plans')}
    >
      <div className="mt-12">
        {isPending ? (
          <div
            role="status"
            aria-label={t('plans.loading')}
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          >
            {[0, 1, 2, 3].map((index) => (
              <div
                key={index}
                className="h-96 animate-pulse rounded-2xl border border-border bg-surface motion-reduce:animate-none"
              />
            ))}
          </div>
        ) : plans && plans.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {plans.map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-2xl border border-dashed border-border px-6 py-12 text-center">
            <p className="font-medium text-text">{t('plans.emptyTitle')}</p>
            <p className="mx-auto mt-2 max-w-md text-sm text-muted">{t('plans.emptyText')}</p>
          </div>
        )}
      </div>
      <p className="mt-6 text-center text-sm text-muted">{t('plans.pastPerformance')}</p>
    </LandingSection>
  );
}
