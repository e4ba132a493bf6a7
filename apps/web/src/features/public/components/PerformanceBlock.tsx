import { formatDate } from '../../../lib/dates';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { DemoStrategyBadge } from '../../../ui/DemoStrategyBadge';
import { usePublicPlans } from '../api';
import { formatSignedPct } from '../../market/decimal';
import { bestStrategy, formatDrawdown } from '../lib/performance';
import { useSignedInHome } from '../hooks/useSignedInHome';
import { RiskWarning } from './RiskWarning';
import { HeadingWords } from './SectionHeading';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';

/**
 * Replaces the seed's promotional return block: the best strategy's real trailing 30-day return (from
 * the plans data), dated and next to its drawdown, or an honest sentence when there is none.
 */
export function PerformanceBlock() {
  const { t } = useTranslation('public');
  const home = useSignedInHome();
  const { data: plans, dataUpdatedAt } = usePublicPlans();
  const best = plans ? bestStrategy(plans) : null;

  return (
    <section aria-labelledby="performance-title" className="px-4 py-8 sm:px-6 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl border border-border bg-surface p-8 sm:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand/15 blur-3xl"
        />
        <HeadingWords
          id="performance-title"
          narrowTitle
          eyebrow={t('performance.eyebrow')}
          title={t('performance.title')}
        />
        {best ? (
          <div className="mt-6 max-w-2xl space-y-2 text-base leading-relaxed text-muted sm:text-lg">
            <p className="text-text">
              {t('performance.best', {
                strategy: best.name,
                value: formatSignedPct(best.return30dPct),
              })}{' '}
              <DemoStrategyBadge runBy={best.runBy} />
            </p>
            {best.maxDrawdownPct && (
              <p>{t('performance.drawdown', { value: formatDrawdown(best.maxDrawdownPct) })}</p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              {t('performance.asOf', { date: formatDate(dataUpdatedAt) })}
              <MarketSourceLabel />
            </p>
          </div>
        ) : (
          <p className="mt-6 max-w-2xl text-base leading-relaxed text-muted sm:text-lg">
            {t('performance.none')}
          </p>
        )}
        <RiskWarning className="mt-8 max-w-2xl" />
        <Link
          to={home ? '/plans' : '/register'}
          className={`${buttonClasses('primary', 'lg')} mt-8`}
        >
          {t('performance.getStarted')}
        </Link>
      </div>
    </section>
  );
}
