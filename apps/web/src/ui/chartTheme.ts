import { ColorType, type ChartOptions, type DeepPartial } from 'lightweight-charts';

/** The charts' colours (lightweight-charts), from the app's dark theme. */
export const CHART_COLORS = {
  text: '#9aa8c2',
  grid: 'rgba(36, 49, 77, 0.6)',
  border: '#24314d',
  up: '#34d399',
  down: '#f87171',
  line: '#60a5fa',
  areaTop: 'rgba(96, 165, 250, 0.28)',
  areaBottom: 'rgba(96, 165, 250, 0.02)',
  downArea: 'rgba(248, 113, 113, 0.28)',
  downAreaFaint: 'rgba(248, 113, 113, 0.02)',
};

/** What every chart of the app shares: sized by its box, transparent, the theme's grid and text. */
export function baseChartOptions(): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: CHART_COLORS.text,
      fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
      attributionLogo: false,
    },
    grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
    rightPriceScale: { borderColor: CHART_COLORS.border },
    timeScale: { borderColor: CHART_COLORS.border, timeVisible: true, secondsVisible: false },
  };
}
