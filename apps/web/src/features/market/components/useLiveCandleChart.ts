import type { CandleList, Ticker } from '@app/shared/schemas/market';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, type RefObject } from 'react';
import { baseChartOptions, CHART_COLORS } from '../../../ui/chartTheme';
import { mergeLivePrice, toChartBar, type ChartBar } from '../candles';
import { formatPrice } from '../decimal';

const INTERVAL_MS = 60_000;

/**
 * Draws `candles` as a candlestick chart in `container` (kept next to the lazily loaded chart, so
 * lightweight-charts stays in its chunk), the last candle moved by each live `ticker` price.
 */
export function useLiveCandleChart(
  container: RefObject<HTMLDivElement | null>,
  candles: CandleList | undefined,
  ticker: Ticker | undefined,
) {
  const { chartRef, seriesRef, lastBarRef } = useCandlestickSeries(container);
  const scrolled = useRef(false);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !candles) return;
    const bars = candles.candles.map(toChartBar);
    // Keep a live candle newer than the server's list.
    const live = lastBarRef.current;
    if (live && (bars.at(-1)?.time ?? 0) < live.time) bars.push(live);
    series.setData(bars.map((bar) => ({ ...bar, time: bar.time as UTCTimestamp })));
    lastBarRef.current = bars.at(-1);
    if (!scrolled.current) {
      chartRef.current?.timeScale().scrollToRealTime();
      scrolled.current = true;
    }
  }, [candles, chartRef, seriesRef, lastBarRef]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !lastBarRef.current || !ticker) return;
    const bar = mergeLivePrice(
      lastBarRef.current,
      Number(ticker.price),
      Date.parse(ticker.at),
      INTERVAL_MS,
    );
    if (!bar) return;
    series.update({ ...bar, time: bar.time as UTCTimestamp });
    lastBarRef.current = bar;
  }, [ticker, seriesRef, lastBarRef]);
}

/** The chart and its candlestick series, made once on mounting and removed on unmounting. */
function useCandlestickSeries(container: RefObject<HTMLDivElement | null>) {
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastBarRef = useRef<ChartBar | undefined>(undefined);
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
      lastBarRef.current = undefined;
    };
  }, [container]);
  return { chartRef, seriesRef, lastBarRef };
}
