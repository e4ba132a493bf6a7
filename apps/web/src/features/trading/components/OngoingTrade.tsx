import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../../lib/book';
import { useRealtimeStatus } from '../../../lib/realtime';
import { LoadingPlaceholder, QueryErrorState } from '../../../ui';
import { summaryTradesQuery } from '../api';
import { OngoingTradePanel } from './OngoingTradePanel';
import { PortfolioTotals } from './PortfolioTotals';
import { TradeDetails } from './TradeDetails';

/** Poll while the socket is down; with it, `navs` and `trade.changed` drive the refresh. */
export const TRADE_POLL_MS = 5_000;

/**
 * The dashboard's Ongoing Trade(s), live: each open trade (one per plan, newest first) valued by
 * the server (units × NAV) in the same answer as the balances (so the figures above add up), with
 * Claim Profit, Add and Remove funds and Close Trade. Without a trade the panel's own empty state shows.
 */
export function OngoingTrade() {
  const { t } = useTranslation('trading');
  const book = useBook();
  const socketOpen = useRealtimeStatus((state) => state.status === 'open');
  const trade = useQuery({
    ...summaryTradesQuery(book),
    refetchInterval: socketOpen ? 15_000 : TRADE_POLL_MS,
  });

  if (trade.isPending) {
    return (
      <OngoingTradePanel>
        <LoadingPlaceholder
          label={t('loading')}
          className="grid animate-pulse gap-3 sm:grid-cols-2"
        >
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="h-16 rounded-xl bg-surface-2" />
          ))}
        </LoadingPlaceholder>
      </OngoingTradePanel>
    );
  }
  if (trade.isError) {
    return (
      <OngoingTradePanel>
        <QueryErrorState query={trade} title={t('error')} retryLabel={t('retry')} />
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
