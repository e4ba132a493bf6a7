import type { CandleView } from '@app/shared/schemas/market';

/** A candle as the chart draws it: time in seconds, prices as numbers (drawing only, never money). */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export function toChartBar(candle: CandleView): ChartBar {
  return {
    time: Math.floor(candle.openTime / 1000),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/**
 * The last candle after a live price at `atMs`: the same candle stretched to the price while
 * its interval lasts, else a new candle opening at the previous close.
 */
export function mergeLivePrice(
  last: ChartBar | undefined,
  price: number,
  atMs: number,
  intervalMs: number,
): ChartBar | null {
  if (!Number.isFinite(price)) return null;
  const start = Math.floor(atMs / intervalMs) * (intervalMs / 1000);
  if (!last || start > last.time) {
    const open = last?.close ?? price;
    return {
      time: start,
      open,
      high: Math.max(open, price),
      low: Math.min(open, price),
      close: price,
    };
  }
  if (start < last.time) return null; // an older price than what is drawn: ignore
  return {
    ...last,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    close: price,
  };
}
