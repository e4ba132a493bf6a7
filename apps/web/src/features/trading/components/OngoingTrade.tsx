import { formatDate } from '../../../lib/dates';
import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee, hasProfitToClaim } from '@app/shared/trade-rules';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { useSession } from '../../../lib/auth';
import { useRealtimeStatus } from '../../../lib/realtime';
import { Badge, Button, DemoStrategyBadge, ErrorState, signTone } from '../../../ui';
import { OngoingTradePanel } from './OngoingTradePanel';
import { summaryTradesQuery, type CurrentTrade } from '../api';
import { PortfolioTotals } from './PortfolioTotals';
import { formatRoi, formatSignedUsd, stopLossValueCents, takeProfitValueCents } from '../format';
import { MarketSourceLabel } from '../../market/components/MarketSourceLabel';

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

/** Poll while the socket is down; with it, `navs` and `trade.changed` drive the refresh. */
export const TRADE_POLL_MS = 5_000;

/**
 * The dashboard's Ongoing Trade(s), live: each open trade (one per plan, newest first) valued by
 * the server (units × NAV) in the same answer as the balances (so the figures above add up), with
 * Claim Profit, Add and Remove funds and Close Trade. Without a trade the panel's own empty state shows.
 */
export function OngoingTrade() {
  const { t } = useTranslation('trading');
  const socketOpen = useRealtimeStatus((state) => state.status === 'open');
  const trade = useQuery({
    ...summaryTradesQuery,
    refetchInterval: socketOpen ? 15_000 : TRADE_POLL_MS,
  });

  if (trade.isPending) {
    return (
      <OngoingTradePanel>
        <div
          role="status"
          aria-label={t('loading')}
          className="grid animate-pulse gap-3 sm:grid-cols-2"
        >
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="h-16 rounded-xl bg-surface-2" />
          ))}
        </div>
      </OngoingTradePanel>
    );
  }
  if (trade.isError) {
    return (
      <OngoingTradePanel>
        <ErrorState
          title={t('error')}
          description={errorMessage(trade.error)}
          onRetry={() => void trade.refetch()}
          retryLabel={t('retry')}
          retrying={trade.isRefetching}
        />
      </OngoingTradePanel>
    );
  }
  const { trades } = trade.data;
  return (
    <OngoingTradePanel count={trades.length}>
      {trades.length > 0 ? (
        <>
          {trades.length > 1 && <PortfolioTotals portfolio={trade.data} />}
          <ul className="flex flex-col divide-y divide-border">
            {trades.map((open) => (
              <li key={open.id} className="py-5 first:pt-0 last:pb-0">
                <TradeDetails trade={open} />
              </li>
            ))}
          </ul>
        </>
      ) : undefined}
    </OngoingTradePanel>
  );
}

type Dialog = 'claim' | 'close' | 'stopLoss' | 'takeProfit' | 'add' | 'remove' | null;

function TradeDetails({ trade }: { trade: CurrentTrade }) {
  // Adding funds invests more: only an active account may (money can always leave).
  const canInvest = useSession().user?.isActive ?? false;
  const { t } = useTranslation('trading');
  const [dialog, setDialog] = useState<Dialog>(null);
  // What the toasts showing say is about an earlier step ("$200.00 added…"): the next action's
  // dialog goes without them. At 390 px a toast sat over that dialog's title for its 4 s.
  const openDialog = (next: Exclude<Dialog, null>) => {
    toast.dismiss();
    setDialog(next);
  };
  const tone = signTone(trade.profitCents);
  // Seed §5: nothing to claim unless the profit is above zero. The action is off and says why.
  const claimable = hasProfitToClaim(trade.profitCents);
  const noClaimId = useId();
  // A paused or retired strategy takes no new money; money in it can always leave.
  const status = trade.strategyStatus ?? 'running';
  const noAddId = useId();

  return (
    <div data-testid="ongoing-trade" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
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
      <p className="text-xs leading-relaxed text-muted">
        {t('stopLoss', {
          pct: trade.stopLossPct,
          value: formatUsd(stopLossValueCents(trade.amountCents, trade.stopLossPct)),
        })}{' '}
        <button
          type="button"
          onClick={() => openDialog('stopLoss')}
          aria-label={t('actions.changeStopLossLabel')}
          className="font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          {t('actions.changeStopLoss')}
        </button>
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
        <button
          type="button"
          onClick={() => openDialog('takeProfit')}
          aria-label={
            trade.takeProfitPct === null
              ? t('actions.setTakeProfitLabel')
              : t('actions.changeTakeProfitLabel')
          }
          className="font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          {trade.takeProfitPct === null
            ? t('actions.setTakeProfit')
            : t('actions.changeTakeProfit')}
        </button>
      </p>
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
      <Suspense fallback={null}>
        {dialog === 'claim' && <ClaimProfitDialog trade={trade} onClose={() => setDialog(null)} />}
        {dialog === 'close' && <CloseTradeDialog trade={trade} onClose={() => setDialog(null)} />}
        {dialog === 'stopLoss' && <StopLossDialog trade={trade} onClose={() => setDialog(null)} />}
        {(dialog === 'add' || dialog === 'remove') && (
          <FundsDialog trade={trade} action={dialog} onClose={() => setDialog(null)} />
        )}
        {dialog === 'takeProfit' && (
          <TakeProfitDialog trade={trade} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </div>
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
