import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport, useWhenIdle } from '../../../lib/useNearViewport';
import { Card, LoadingPlaceholder, signTone } from '../../../ui';
import { liveTradeCandlesQuery } from '../api';
import { formatPrice, formatSignedPct, signAsShown } from '../decimal';
import { useLiveTickers } from '../hooks';
import { MarketSourceLabel } from './MarketSourceLabel';

/**
 * The chart library is its own chunk, fetched once the browser is idle after the first render (or
 * sooner, when the panel comes near the viewport): the first load does not wait for it, and the
 * dashboard shows the chart without anyone scrolling to it. It was fetched only near the
 * viewport, and the history only once the chunk had run, so a dashboard looked at without
 * scrolling (or a screenshot 3 s after load) showed an empty chart.
 */
const LiveTradeChart = lazy(() => import('./LiveTradeChart'));

/** Seed: the Live Trade chart for BTCUSDT. */
export const LIVE_TRADE_SYMBOL = 'BTCUSDT';

export function LiveTradePanel({ symbol = LIVE_TRADE_SYMBOL }: { symbol?: string }) {
  const { t } = useTranslation('market');
  const tickers = useLiveTickers();
  const ticker = tickers.data?.tickers.find((item) => item.symbol === symbol);
  const sign = ticker ? signAsShown(ticker.change24hPct) : 0;
  // The history is asked for at once, beside the chart's code, not after it.
  useQuery(liveTradeCandlesQuery(symbol));
  const chartSlot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(chartSlot);
  const idle = useWhenIdle();
  const chartWanted = near || idle;
  const placeholder = (
    <LoadingPlaceholder
      label={t('chart.loading')}
      className="h-64 animate-pulse rounded-xl bg-surface-2/60 sm:h-80"
    />
  );
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
          <span className={clsx('text-sm font-medium tabular-nums', signTone(sign))}>
            {t('chart.change', { value: formatSignedPct(ticker.change24hPct) })}
          </span>
        </p>
      )}
      <div ref={chartSlot}>
        {chartWanted ? (
          <Suspense fallback={placeholder}>
            <LiveTradeChart symbol={symbol} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </Card>
  );
}
