import clsx from 'clsx';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui';
import { formatChangePct, formatPrice, signOf } from '../decimal';
import { useLiveTickers } from '../hooks';
import { MarketSourceLabel } from './MarketSourceLabel';

/** The chart library is its own chunk, fetched only when this panel renders. */
const LiveTradeChart = lazy(() => import('./LiveTradeChart'));

/** Seed: the Live Trade chart for BTCUSDT. */
export const LIVE_TRADE_SYMBOL = 'BTCUSDT';

export function LiveTradePanel({ symbol = LIVE_TRADE_SYMBOL }: { symbol?: string }) {
  const { t } = useTranslation('market');
  const tickers = useLiveTickers();
  const ticker = tickers.data?.tickers.find((item) => item.symbol === symbol);
  const sign = ticker ? signOf(ticker.change24hPct) : 0;
  return (
    <Card
      title={t('chart.title')}
      description={t('chart.subtitle', { symbol })}
      actions={<MarketSourceLabel source={tickers.data?.source} />}
      className="min-w-0"
    >
      {ticker && (
        <p className="-mt-1 mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-2xl font-semibold tracking-tight text-text tabular-nums">
            {formatPrice(ticker.price)}
          </span>
          <span
            className={clsx(
              'text-sm font-medium tabular-nums',
              sign < 0 ? 'text-danger' : sign > 0 ? 'text-brand-strong' : 'text-muted',
            )}
          >
            {t('chart.change', { value: formatChangePct(ticker.change24hPct) })}
          </span>
        </p>
      )}
      <Suspense
        fallback={
          <div
            role="status"
            aria-label={t('chart.loading')}
            className="h-64 animate-pulse rounded-xl bg-surface-2/60 sm:h-80"
          />
        }
      >
        <LiveTradeChart symbol={symbol} />
      </Suspense>
    </Card>
  );
}
