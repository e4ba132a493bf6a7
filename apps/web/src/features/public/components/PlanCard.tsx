import { formatUsd } from '@app/shared/money';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../ui/Badge';
import { buttonClasses } from '../../../ui/Button';
import type { PublicPlan } from '../api';
import { formatDrawdown, formatSignedPct } from '../lib/performance';

/** One plan as the server describes it; every figure is the server's, none is invented here. */
export function PlanCard({ plan }: { plan: PublicPlan }) {
  const { t } = useTranslation('public');
  const strategy = plan.strategy;
  const returnText = strategy?.return30dPct ?? null;
  const negative = returnText?.trim().startsWith('-') ?? false;
  const titleId = `plan-${plan.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex w-full flex-col rounded-2xl border bg-surface p-6',
        plan.recommended ? 'border-brand/70 shadow-lg shadow-brand/10' : 'border-border',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-xl font-semibold text-text">
          {plan.title}
        </h3>
        {plan.recommended && <Badge tone="success">{t('plans.recommended')}</Badge>}
      </div>
      <p className="mt-2 text-lg font-semibold text-text tabular-nums">
        {t('plans.range', { min: formatUsd(plan.minCents), max: formatUsd(plan.maxCents) })}
      </p>
      <dl className="mt-5 flex flex-1 flex-col gap-3 border-t border-border pt-5 text-sm">
        <Row label={t('plans.strategy')}>{strategy?.name ?? t('plans.noStrategy')}</Row>
        <Row label={t('plans.return30d')}>
          {returnText ? (
            <span className={negative ? 'text-danger' : 'text-brand-strong'}>
              {formatSignedPct(returnText)}
            </span>
          ) : (
            <span className="text-muted">{t('plans.noHistory')}</span>
          )}
        </Row>
        <Row label={t('plans.maxDrawdown')}>
          {strategy?.maxDrawdownPct ? (
            formatDrawdown(strategy.maxDrawdownPct)
          ) : (
            <span className="text-muted">{t('plans.noHistory')}</span>
          )}
        </Row>
        <Row label={t('plans.term')}>{t('plans.termDays', { count: plan.termDays })}</Row>
        <Row label={t('plans.performanceFee')}>{`${String(plan.performanceFeePct)}%`}</Row>
      </dl>
      <Link
        to="/register"
        className={clsx(
          buttonClasses(plan.recommended ? 'primary' : 'secondary', 'md', true),
          'mt-6',
        )}
      >
        {t('plans.investNow')}
      </Link>
    </article>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-text tabular-nums">{children}</dd>
    </div>
  );
}
