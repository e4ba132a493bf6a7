import { chargesPerformanceFee } from '@app/shared/trade-rules';
import { formatUsd } from '@app/shared/money';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { DemoStrategyBadge } from '../../../ui';
import type { PublicPlan } from '../../public/api';

const DAY_MS = 86_400_000;

/** The invest confirmation's figures: amount, plan, strategy, term (ends on), performance fee. */
export function InvestSummary({ plan, amountCents }: { plan: PublicPlan; amountCents: number }) {
  const { t } = useTranslation('plans');
  // The term is counted from when the confirmation opened, not from each render.
  const [openedAt] = useState(() => Date.now());
  const fee = plan.performanceFeePct.trim();
  const hasFee = chargesPerformanceFee(fee);
  return (
    <>
      <dl className="flex flex-col gap-3 text-sm">
        <Row label={t('confirm.amount')}>
          <span className="text-lg font-semibold">{formatUsd(amountCents)}</span>
        </Row>
        <Row label={t('confirm.plan')}>{plan.title}</Row>
        <Row label={t('confirm.strategy')}>
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            {plan.strategy?.name ?? '—'}
            <DemoStrategyBadge runBy={plan.strategy?.runBy} />
          </span>
        </Row>
        <Row label={t('confirm.term')}>
          {t('confirm.termValue', {
            count: plan.termDays,
            date: formatDate(openedAt + plan.termDays * DAY_MS),
          })}
        </Row>
        <Row label={t('confirm.fee')}>{hasFee ? `${fee}%` : t('confirm.noFee')}</Row>
      </dl>
      {hasFee && <p className="mt-2 text-xs leading-relaxed text-muted">{t('confirm.hwm')}</p>}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="text-right text-text tabular-nums">{children}</dd>
    </div>
  );
}
