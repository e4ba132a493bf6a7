import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee, hasProfitToClaim } from '@app/shared/trade-rules';
import clsx from 'clsx';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSession } from '../../../lib/auth';
import { formatDate } from '../../../lib/dates';
import { Badge, Button, DemoStrategyBadge, signTone } from '../../../ui';
import { PracticeBadge } from '../../../ui/Practice';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';
import type { CurrentTrade } from '../api';
import { formatRoi, formatSignedUsd, stopLossValueCents, takeProfitValueCents } from '../format';

// Each dialog is fetched when it first opens: with their forms and validation they were a third
// of the dashboard's first load.
const ClaimProfitDialog = lazy(() =>
  import('./ClaimProfitDialog').then((m) => ({ default: m.ClaimProfitDialog })),
);
const CloseTradeDialog = lazy(() =>
  import('./CloseTradeDialog').then((m) => ({ default: m.CloseTradeDialog })),
);
const FundsDialog = lazy(() => import('./FundsDialog').then((m) => ({ default: m.FundsDialog })));
const StopLossDialog = lazy(() =>
  import('./StopLossDialog').then((m) => ({ default: m.StopLossDialog })),
);
const TakeProfitDialog = lazy(() =>
  import('./TakeProfitDialog').then((m) => ({ default: m.TakeProfitDialog })),
);

type Dialog = 'claim' | 'close' | 'stopLoss' | 'takeProfit' | 'add' | 'remove';
type OpenDialog = (next: Dialog) => void;
type StrategyStatus = NonNullable<CurrentTrade['strategyStatus']>;

/** One open trade: its strategy, figures, rules and actions, and the dialog an action opened. */
export function TradeDetails({ trade }: { trade: CurrentTrade }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // What the toasts showing say is about an earlier step ("$200.00 added…"): the next action's
  // dialog goes without them. At 390 px a toast sat over that dialog's title for its 4 s.
  const openDialog: OpenDialog = (next) => {
    toast.dismiss();
    setDialog(next);
  };
  // A paused or retired strategy takes no new money; money in it can always leave.
  const status = trade.strategyStatus ?? 'running';

  return (
    <div data-testid="ongoing-trade" className="flex flex-col gap-5">
      <TradeStrategyLine trade={trade} status={status} />
      <TradeFigureGrid trade={trade} />
      <TradeRuleLines trade={trade} openDialog={openDialog} />
      <TradeActions trade={trade} status={status} openDialog={openDialog} />
      <TradeDialog trade={trade} dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}

/** Plan, strategy and its status badge, with a note when the strategy is paused or retired. */
function TradeStrategyLine({ trade, status }: { trade: CurrentTrade; status: StrategyStatus }) {
  const { t } = useTranslation('trading');
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <PracticeBadge book={trade.book} />
        <Badge tone="success">{trade.planTitle}</Badge>
        <span className="text-muted">{t('copying', { strategy: trade.strategyName })}</span>
        <DemoStrategyBadge runBy={trade.strategyRunBy} />
        {status !== 'running' && (
          <Badge tone={status === 'retired' ? 'danger' : 'warning'}>
            {t(`strategyStatus.${status}.badge`)}
          </Badge>
        )}
        {/* Value, profit and ROI come from the market feed: say when it is a simulated one. */}
        <span className="ml-auto">
          <MarketSourceLabel />
        </span>
      </div>
      {status !== 'running' && (
        <p
          role="note"
          data-testid="strategy-status-note"
          className={clsx(
            'rounded-xl border p-3 text-sm leading-relaxed text-text',
            status === 'retired'
              ? 'border-danger/30 bg-danger/5'
              : 'border-warning/30 bg-warning/5',
          )}
        >
          {t(`strategyStatus.${status}.body`, { strategy: trade.strategyName })}
        </p>
      )}
    </>
  );
}

function TradeFigureGrid({ trade }: { trade: CurrentTrade }) {
  const { t } = useTranslation('trading');
  const tone = signTone(trade.profitCents);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Figure label={t('figures.amount')} testId="trade-amount">
        {formatUsd(trade.amountCents)}
      </Figure>
      <Figure label={t('figures.plan')}>{trade.planTitle}</Figure>
      <Figure label={t('figures.value')} testId="trade-value">
        {formatUsd(trade.valueCents)}
      </Figure>
      <Figure label={t('figures.profit')} testId="trade-profit" className={tone}>
        {formatSignedUsd(trade.profitCents)}
      </Figure>
      <Figure label={t('figures.roi')} testId="trade-roi" className={tone}>
        {formatRoi(trade.roiPct)}
      </Figure>
      <Figure label={t('figures.closesOn')}>{formatDate(trade.closesAt)}</Figure>
    </dl>
  );
}

/** Stop-loss, performance fee and take-profit lines, each rule with its Change link. */
function TradeRuleLines({ trade, openDialog }: { trade: CurrentTrade; openDialog: OpenDialog }) {
  const { t } = useTranslation('trading');
  const noTakeProfit = trade.takeProfitPct === null;
  return (
    <>
      <p className="text-xs leading-relaxed text-muted">
        {t('stopLoss', {
          pct: trade.stopLossPct,
          value: formatUsd(stopLossValueCents(trade.amountCents, trade.stopLossPct)),
        })}{' '}
        <RuleLink label={t('actions.changeStopLossLabel')} onClick={() => openDialog('stopLoss')}>
          {t('actions.changeStopLoss')}
        </RuleLink>
      </p>
      {/* Its own line: run on after the stop-loss's "Change" it read as part of that link's text. */}
      {chargesPerformanceFee(trade.performanceFeePct) && (
        <p className="-mt-3 text-xs leading-relaxed text-muted" data-testid="fee-line">
          {t('feeLine', { pct: trade.performanceFeePct })}
        </p>
      )}
      <p className="-mt-3 text-xs leading-relaxed text-muted" data-testid="take-profit">
        {trade.takeProfitPct === null
          ? t('noTakeProfit')
          : t('takeProfit', {
              pct: trade.takeProfitPct,
              value: formatUsd(takeProfitValueCents(trade.amountCents, trade.takeProfitPct)),
            })}{' '}
        <RuleLink
          label={
            noTakeProfit ? t('actions.setTakeProfitLabel') : t('actions.changeTakeProfitLabel')
          }
          onClick={() => openDialog('takeProfit')}
        >
          {noTakeProfit ? t('actions.setTakeProfit') : t('actions.changeTakeProfit')}
        </RuleLink>
      </p>
    </>
  );
}

function RuleLink({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="font-medium text-brand-strong underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}

/** Claim Profit, Add and Remove funds, Close Trade; an action that is off says why under it. */
function TradeActions({
  trade,
  status,
  openDialog,
}: {
  trade: CurrentTrade;
  status: StrategyStatus;
  openDialog: OpenDialog;
}) {
  const { t } = useTranslation('trading');
  // Adding funds invests more: only an active account may (money can always leave).
  const canInvest = useSession().user?.isActive ?? false;
  // Seed §5: nothing to claim unless the profit is above zero. The action is off and says why.
  const claimable = hasProfitToClaim(trade.profitCents);
  const noClaimId = useId();
  const noAddId = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
      {/* The primary (green) action only when there is a profit to claim; else off, saying why
          right under it. */}
      <div className="flex flex-col gap-1">
        <Button
          variant={claimable ? 'primary' : 'secondary'}
          disabled={!claimable}
          aria-describedby={claimable ? undefined : noClaimId}
          onClick={() => openDialog('claim')}
        >
          {t('actions.claim')}
        </Button>
        {!claimable && (
          <p id={noClaimId} data-testid="no-profit-to-claim" className="text-xs text-muted">
            {t('claim.noProfitYet')}
          </p>
        )}
      </div>
      {canInvest && status === 'running' && (
        <Button variant="secondary" onClick={() => openDialog('add')}>
          {t('actions.addFunds')}
        </Button>
      )}
      {canInvest && status !== 'running' && (
        <div className="flex flex-col gap-1">
          <Button variant="secondary" disabled aria-describedby={noAddId}>
            {t('actions.addFunds')}
          </Button>
          <p id={noAddId} data-testid="no-add-funds" className="text-xs text-muted">
            {t(`strategyStatus.${status}.noAdd`)}
          </p>
        </div>
      )}
      <Button variant="secondary" onClick={() => openDialog('remove')}>
        {t('actions.removeFunds')}
      </Button>
      <Button variant="ghost" className="sm:ml-auto" onClick={() => openDialog('close')}>
        {t('actions.close')}
      </Button>
    </div>
  );
}

function TradeDialog({
  trade,
  dialog,
  onClose,
}: {
  trade: CurrentTrade;
  dialog: Dialog | null;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {dialog === 'claim' && <ClaimProfitDialog trade={trade} onClose={onClose} />}
      {dialog === 'close' && <CloseTradeDialog trade={trade} onClose={onClose} />}
      {dialog === 'stopLoss' && <StopLossDialog trade={trade} onClose={onClose} />}
      {(dialog === 'add' || dialog === 'remove') && (
        <FundsDialog trade={trade} action={dialog} onClose={onClose} />
      )}
      {dialog === 'takeProfit' && <TakeProfitDialog trade={trade} onClose={onClose} />}
    </Suspense>
  );
}

function Figure({
  label,
  children,
  className,
  testId,
}: {
  label: string;
  children: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-border bg-surface-2/50 p-3 sm:p-4">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        data-testid={testId}
        className={clsx(
          'mt-1 truncate text-base font-semibold tabular-nums sm:text-lg',
          className ?? 'text-text',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
