import { accountStanding } from '@app/shared/standing';
import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, ErrorState, EmptyState, SparkIcon } from '../../../ui';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../ui/Button';
import { usePublicPlans, type PublicPlan } from '../../public/api';
import { PlanCard } from '../../public/components/PlanCard';
import { RiskWarning } from '../../public/components/RiskWarning';
import { openTradesQuery, type CurrentTrade } from '../../trading/api';
import { FundsDialog } from '../../trading/components/FundsDialog';
import { accountSummaryQuery } from '../../account/api';
import { useOwnStrategyId } from '../../trader/api';
import { InvestForm } from '../components/InvestForm';
import { investIntentOf } from '../../verification/api';

/**
 * /plans (seed: Trading Plans, Choose a Plan): every plan with its strategy's real past
 * performance, an amount and Invest Now, which opens the confirmation before money moves. A
 * visitor reads the same plans and risk warning in the public frame, with a sign-up call instead.
 */
export function PlansPage() {
  const { user } = useSession();
  return user ? <InvestorPlans /> : <VisitorPlans />;
}

/** A visitor's /plans: the same real figures and risk warning; each card offers sign-up. */
function VisitorPlans() {
  const { t } = useTranslation('plans');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <section>
        <h1 className="text-3xl font-semibold tracking-tight text-text">{t('title')}</h1>
        <h2 className="mt-2 text-xl font-semibold text-text">{t('heading')}</h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t('intro')}</p>
      </section>
      <RiskWarning />
      <PlanList
        action={(plan) =>
          plan.closed ? (
            <ClosedPlanAction />
          ) : (
            <div className="flex flex-col gap-2">
              <Link
                to="/register"
                className={buttonClasses(plan.recommended ? 'primary' : 'secondary', 'md', true)}
              >
                {t('visitor.signUp')}
              </Link>
              <p className="text-center text-xs text-muted">
                {t('visitor.hint')}{' '}
                <Link
                  to="/login"
                  className="font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  {t('visitor.logIn')}
                </Link>
              </p>
            </div>
          )
        }
      />
      <p className="text-center text-xs text-muted">{t('footnote')}</p>
    </div>
  );
}

/** A closed plan's card foot: no amount, no Invest Now (the card's note says why). */
function ClosedPlanAction() {
  const { t } = useTranslation('plans');
  return (
    <p data-testid="plan-closed-action" className="text-center text-sm text-muted">
      {t('closed.noInvest')}
    </p>
  );
}

function InvestorPlans() {
  const { t, i18n } = useTranslation('plans');
  const { user } = useSession();
  const summary = useQuery({ ...accountSummaryQuery, enabled: Boolean(user) });
  const trades = useQuery({ ...openTradesQuery, enabled: Boolean(user) });
  const standing = user ? accountStanding(user) : 'new';
  const active = standing === 'active';
  // A new account waits for activation; a deactivated one is told its money can still leave.
  const notice = standing === 'deactivated' ? 'deactivated' : 'inactive';
  const openTrades = trades.data ?? [];
  const heldTrades = new Map(openTrades.map((open) => [open.planId, open]));
  const availableCents = summary.data?.availableCents;
  const ownStrategyId = useOwnStrategyId();
  const isOwn = (plan: PublicPlan) => ownStrategyId !== null && plan.strategy?.id === ownStrategyId;

  const blocked = !active ? t(`blocked.${notice}`) : undefined;
  // ?plan=…&amount=… (back from the appropriateness check): that plan's confirmation again, with
  // the amount kept; dropped from the URL once in the field, so a reload does not reopen it.
  const [searchParams, setSearchParams] = useSearchParams();
  const intent = investIntentOf(searchParams);
  const resumed = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('amount');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-text">{t('heading')}</h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t('intro')}</p>
        </div>
        {availableCents !== undefined && (
          <p className="text-sm text-muted">
            {t('available')}{' '}
            <span data-testid="available" className="font-semibold text-text tabular-nums">
              {formatUsd(availableCents)}
            </span>
            {active && (
              <>
                {' · '}
                <Link
                  to="/deposits"
                  className="font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  {t('deposit')}
                </Link>
              </>
            )}
          </p>
        )}
      </section>

      {!active && (
        <p
          role="note"
          className="rounded-xl border border-warning/30 bg-warning/5 p-4 text-sm leading-relaxed text-text"
        >
          <span className="font-semibold">{t(`${notice}.title`)}</span> {t(`${notice}.body`)}{' '}
          <Link
            to="/support"
            className="font-medium text-brand-strong underline-offset-4 hover:underline"
          >
            {t(`${notice}.contact`)}
          </Link>
        </p>
      )}
      {openTrades.length > 0 && (
        <p
          role="note"
          className="rounded-xl border border-sky-400/30 bg-sky-400/5 p-4 text-sm leading-relaxed text-text"
        >
          {t('openTrade.body', {
            plans: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
              openTrades.map((open) => open.planTitle),
            ),
          })}{' '}
          <Link
            to="/dashboard"
            className="font-medium text-brand-strong underline-offset-4 hover:underline"
          >
            {t('openTrade.link')}
          </Link>
        </p>
      )}

      <RiskWarning />

      <PlanList
        action={(plan) => {
          // A plan already held takes more money into the same trade (one trade per plan).
          const held = heldTrades.get(plan.id);
          // A copy of one's own strategy (opened before leading it) may shrink, never grow; a
          // closed plan's copy too, and its card says why.
          if (held)
            return (
              <HeldPlanAction
                trade={held}
                canAdd={active && !plan.strategy?.paused && !isOwn(plan) && !plan.closed}
                reason={plan.closed ? t(`closed.${plan.closed}`) : undefined}
              />
            );
          // Nothing to invest in: the card's note says why, before any confirmation.
          if (plan.closed) return <ClosedPlanAction />;
          return (
            <InvestForm
              plan={plan}
              availableCents={availableCents}
              resumeCents={intent?.planId === plan.id ? intent.amountCents : undefined}
              onResumed={resumed}
              disabledReason={
                blocked ??
                (isOwn(plan)
                  ? t('blocked.ownStrategy')
                  : !plan.strategy
                    ? t('blocked.noStrategy')
                    : plan.strategy.paused
                      ? t('blocked.paused')
                      : undefined)
              }
            />
          );
        }}
      />
      <p className="text-center text-xs text-muted">{t('footnote')}</p>
    </div>
  );
}

/** A held plan's card foot: the trade's amount and Add funds (which confirms before money moves). */
function HeldPlanAction({
  trade,
  canAdd,
  reason,
}: {
  trade: CurrentTrade;
  canAdd: boolean;
  /** Why Add funds is off, when the plan is closed. */
  reason?: string | undefined;
}) {
  const { t } = useTranslation('plans');
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {t('held.body', {
          amount: formatUsd(trade.amountCents),
          value: formatUsd(trade.valueCents),
        })}
      </p>
      <Button fullWidth variant="secondary" disabled={!canAdd} onClick={() => setAdding(true)}>
        {t('held.addFunds')}
      </Button>
      {reason && <p className="text-center text-xs text-muted">{reason}</p>}
      <Link
        to="/dashboard"
        className="text-center text-xs font-medium text-brand-strong underline-offset-4 hover:underline"
      >
        {t('held.manage')}
      </Link>
      {adding && <FundsDialog trade={trade} action="add" onClose={() => setAdding(false)} />}
    </div>
  );
}

/** The plans from GET /api/plans (loading, error, empty), each card with `action` at its foot. */
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
    <div role="status" aria-label={t('loading')} className="grid gap-6 md:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          className="h-[36rem] animate-pulse rounded-2xl border border-border bg-surface"
        />
      ))}
    </div>
  ) : plans.isError ? (
    <ErrorState
      title={t('error')}
      description={errorMessage(plans.error)}
      onRetry={() => void plans.refetch()}
      retryLabel={t('retry')}
      retrying={plans.isRefetching}
    />
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
