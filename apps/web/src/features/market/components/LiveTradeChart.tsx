import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/requestErrors';
import { ErrorState, LoadingPlaceholder } from '../../../ui';
import { liveTradeCandlesQuery } from '../api';
import { formatPrice } from '../decimal';
import { useLiveTickers } from '../hooks';
import { useLiveCandleChart } from './useLiveCandleChart';

/**
 * The Live Trade chart (lightweight-charts, loaded only here): the symbol's 1-minute candles from
 * /api/market/candles, the last one moved by the live price, the same price the trades are
 * valued at.
 */
export default function LiveTradeChart({ symbol }: { symbol: string }) {
  const { t } = useTranslation('market');
  const container = useRef<HTMLDivElement>(null);
  // Usually already answered: the panel asks for the history while this code loads.
  const candles = useQuery(liveTradeCandlesQuery(symbol));
  const tickers = useLiveTickers();
  const ticker = tickers.data?.tickers.find((item) => item.symbol === symbol);

  useLiveCandleChart(container, candles.data, ticker);

  return (
    <div className="relative">
      <div
        ref={container}
        role="img"
        aria-label={t('chart.description', {
          symbol,
          price: ticker ? formatPrice(ticker.price) : '—',
        })}
        className="h-64 w-full sm:h-80"
      />
      {candles.isPending && (
        <LoadingPlaceholder
          label={t('chart.loading')}
          className="absolute inset-0 animate-pulse rounded-xl bg-surface-2/60"
        />
      )}
      {candles.isError && (
        <div className="absolute inset-0 flex items-center justify-center bg-surface/90">
          <ErrorState
            title={t('chart.error')}
            description={errorMessage(candles.error)}
            onRetry={() => void candles.refetch()}
            retryLabel={t('retry')}
          />
        </div>
      )}
    </div>
  );
}
