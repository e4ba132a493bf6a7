import {
  AreaSeries,
  createChart,
  type AreaSeriesPartialOptions,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { baseChartOptions, CHART_COLORS } from '../../../ui/chartTheme';
import { formatDecimal, formatPct } from '../../market/decimal';

/** One point of a record chart: when, and the server's figure as decimal text. */
export interface RecordChartPoint {
  at: string;
  value: string;
}

/**
 * How each of the record's charts looks. `nav`: NAV per unit, 4 decimals, filled below the line.
 * `drawdown`: the fall below the highest NAV so far, drawn downwards from the 0 % line in the
 * loss colour, the area between the line and 0 % filled, 2 decimals. Their labels go through the page's formatters (grouping, and
 * "-" for a minus, where the chart library would write "−").
 */
const LOOKS = {
  nav: {
    sign: 1,
    series: {
      lineColor: CHART_COLORS.line,
      topColor: CHART_COLORS.areaTop,
      bottomColor: CHART_COLORS.areaBottom,
      priceFormat: {
        type: 'custom',
        minMove: 0.0001,
        formatter: (value: number) => formatDecimal(value.toFixed(4), 4),
      },
    },
  },
  drawdown: {
    sign: -1,
    series: {
      lineColor: CHART_COLORS.down,
      topColor: CHART_COLORS.downAreaFaint,
      bottomColor: CHART_COLORS.downArea,
      invertFilledArea: true,
      priceFormat: {
        type: 'custom',
        minMove: 0.01,
        formatter: (value: number) => formatPct(value.toFixed(2)),
      },
    },
  },
} as const satisfies Record<string, { sign: 1 | -1; series: AreaSeriesPartialOptions }>;

/**
 * A chart of the strategy's record (lightweight-charts, loaded only with the strategy page): the
 * NAV line or the drawdown. The figures beside it are the server's; the chart only draws them
 * (numbers to pixels, never to money).
 */
export default function RecordChart({
  points,
  label,
  look,
}: {
  points: readonly RecordChartPoint[];
  label: string;
  look: keyof typeof LOOKS;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const { sign, series: seriesOptions } = LOOKS[look];

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      ...baseChartOptions(),
      handleScroll: false,
      handleScale: false,
    });
    seriesRef.current = chart.addSeries(AreaSeries, { lineWidth: 2, ...seriesOptions });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [seriesOptions]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    series.setData(
      points.map((p) => ({
        time: Math.floor(Date.parse(p.at) / 1000) as UTCTimestamp,
        value: sign * Number(p.value),
      })),
    );
    chartRef.current?.timeScale().fitContent();
  }, [points, sign]);

  return <div ref={container} role="img" aria-label={label} className="h-56 w-full sm:h-72" />;
}
