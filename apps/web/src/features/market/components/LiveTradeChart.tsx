import { useQuery } from '@tanstack/react-query';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { baseChartOptions, CHART_COLORS } from '../../../ui/chartTheme';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/requestErrors';
import { ErrorState } from '../../../ui';
import { liveTradeCandlesQuery } from '../api';
import { mergeLivePrice, toChartBar, type ChartBar } from '../candles';
import { formatPrice } from '../decimal';
import { useLiveTickers } from '../hooks';

const INTERVAL_MS = 60_000;

/**
 * The Live Trade chart (lightweight-charts, loaded only here): the symbol's 1-minute candles from
 * /api/market/candles, the last one moved by the live price, the same price the trades are
 * valued at.
 */
export default function LiveTradeChart({ symbol }: { symbol: string }) {
  const { t } = useTranslation('market');
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastBar = useRef<ChartBar | undefined>(undefined);
  const scrolled = useRef(false);
  // Usually already answered: the panel asks for the history while this code loads.
  const candles = useQuery(liveTradeCandlesQuery(symbol));
  const tickers = useLiveTickers();
  const ticker = tickers.data?.tickers.find((item) => item.symbol === symbol);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      ...baseChartOptions(),
      crosshair: { mode: 0 },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: CHART_COLORS.up,
      downColor: CHART_COLORS.down,
      borderVisible: false,
      wickUpColor: CHART_COLORS.up,
      wickDownColor: CHART_COLORS.down,
      // The axis and crosshair labels read like every other price ("78,900.00", "2.2974").
      priceFormat: {
        type: 'custom',
        minMove: 0.0001,
        formatter: (value: number) => formatPrice(value.toFixed(4)),
      },
    });
    chartRef.current = chart;
    seriesRef.current = series;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
      lastBar.current = undefined;
    };
  }, []);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !candles.data) return;
    const bars = candles.data.candles.map(toChartBar);
    // Keep a live candle newer than the server's list.
    const live = lastBar.current;
    if (live && (bars.at(-1)?.time ?? 0) < live.time) bars.push(live);
    series.setData(bars.map((bar) => ({ ...bar, time: bar.time as UTCTimestamp })));
    lastBar.current = bars.at(-1);
    if (!scrolled.current) {
      chartRef.current?.timeScale().scrollToRealTime();
      scrolled.current = true;
    }
  }, [candles.data]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !lastBar.current || !ticker) return;
    const bar = mergeLivePrice(
      lastBar.current,
      Number(ticker.price),
      Date.parse(ticker.at),
      INTERVAL_MS,
    );
    if (!bar) return;
    series.update({ ...bar, time: bar.time as UTCTimestamp });
    lastBar.current = bar;
  }, [ticker]);

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
        <div
          role="status"
          aria-label={t('chart.loading')}
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
