import type { NavPoint } from '@app/shared/schemas/strategies';
import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';

const COLORS = {
  text: '#9aa8c2',
  grid: 'rgba(36, 49, 77, 0.6)',
  border: '#24314d',
  line: '#60a5fa',
  top: 'rgba(96, 165, 250, 0.28)',
  bottom: 'rgba(96, 165, 250, 0.02)',
};

/**
 * The NAV line of one range (lightweight-charts, loaded only with the strategy page). The figures
 * beside it are the server's; the line only draws them (numbers to pixels, never to money).
 */
export default function NavChart({
  points,
  label,
}: {
  points: readonly NavPoint[];
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: COLORS.text,
        fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
        attributionLogo: false,
      },
      grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
      rightPriceScale: { borderColor: COLORS.border },
      timeScale: { borderColor: COLORS.border, timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    seriesRef.current = chart.addSeries(AreaSeries, {
      lineColor: COLORS.line,
      topColor: COLORS.top,
      bottomColor: COLORS.bottom,
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
    });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    series.setData(
      points.map((p) => ({
        time: Math.floor(Date.parse(p.at) / 1000) as UTCTimestamp,
        value: Number(p.nav),
      })),
    );
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={container} role="img" aria-label={label} className="h-56 w-full sm:h-72" />;
}
