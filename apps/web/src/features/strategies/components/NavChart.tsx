import type { NavPoint } from '@app/shared/schemas/strategies';
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { baseChartOptions, CHART_COLORS } from '../../../ui/chartTheme';

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
      ...baseChartOptions(),
      handleScroll: false,
      handleScale: false,
    });
    seriesRef.current = chart.addSeries(AreaSeries, {
      lineColor: CHART_COLORS.line,
      topColor: CHART_COLORS.areaTop,
      bottomColor: CHART_COLORS.areaBottom,
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
