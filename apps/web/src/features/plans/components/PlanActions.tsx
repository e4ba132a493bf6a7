import { formatUsd } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui';
import type { PublicPlan } from '../../public/api';
import type { CurrentTrade } from '../../trading/api';
import { FundsDialog } from '../../trading/components/FundsDialog';
import { InvestForm } from './InvestForm';

/** A closed plan's card foot: no amount, no Invest Now (the card's note says why). */
export function ClosedPlanAction() {
  const { t } = useTranslation('plans');
  return (
    <p data-testid="plan-closed-action" className="text-center text-sm text-muted">
      {t('closed.noInvest')}
    </p>
  );
}

/** A held plan's card foot: the trade's amount and Add funds (which confirms before money moves). */
export function HeldPlanAction({
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

/**
 * An investor's card foot: a plan already held takes more money into the same trade (one trade
 * per plan); a closed one offers nothing; any other has the amount and Invest Now (off, with the
 * reason, when the account, the strategy or its owner stands in the way).
 */
export function InvestorPlanAction({
  plan,
  held,
  active,
  own,
  blocked,
  availableCents,
  resumeCents,
  onResumed,
}: {
  plan: PublicPlan;
  held: CurrentTrade | undefined;
  active: boolean;
  /** The plan copies the user's own strategy. */
  own: boolean;
  /** Why the account cannot invest (not active). */
  blocked: string | undefined;
  availableCents: number | undefined;
  resumeCents: number | undefined;
  onResumed: () => void;
}) {
  const { t } = useTranslation('plans');
  // A copy of one's own strategy (opened before leading it) may shrink, never grow; a
  // closed plan's copy too, and its card says why.
  if (held)
    return (
      <HeldPlanAction
        trade={held}
        canAdd={active && !plan.strategy?.paused && !own && !plan.closed}
        reason={plan.closed ? t(`closed.${plan.closed}`) : undefined}
      />
    );
  // Nothing to invest in: the card's note says why, before any confirmation.
  if (plan.closed) return <ClosedPlanAction />;
  return (
    <InvestForm
      plan={plan}
      availableCents={availableCents}
      resumeCents={resumeCents}
      onResumed={onResumed}
      disabledReason={
        blocked ??
        (own
          ? t('blocked.ownStrategy')
          : !plan.strategy
            ? t('blocked.noStrategy')
            : plan.strategy.paused
              ? t('blocked.paused')
              : undefined)
      }
    />
  );
}
