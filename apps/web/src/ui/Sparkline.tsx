import clsx from 'clsx';

export interface SparklineProps {
  /** The values, oldest first (two or more to draw a line). */
  values: readonly number[];
  /** What the line shows, read out instead of the drawing. */
  label: string;
  /** 'up' / 'down' colour the line; 'neutral' keeps it muted. */
  tone?: 'up' | 'down' | 'neutral';
  width?: number;
  height?: number;
  className?: string;
}

/**
 * A tiny inline SVG line chart (no chart library), for a trend at a glance: a plan card's
 * 30-day NAV. The shape is scaled to the values' own range.
 */
export function Sparkline({
  values,
  label,
  tone = 'neutral',
  width = 160,
  height = 40,
  className,
}: SparklineProps) {
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const pad = 2;
  const points = values.map((value, index) => {
    const x = (index / (values.length - 1)) * width;
    const y = pad + (1 - (value - min) / span) * (height - pad * 2);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = points.join(' ');
  const area = `0,${height} ${line} ${width},${height}`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className={clsx(
        'block h-10 w-full',
        tone === 'up' && 'text-brand-strong',
        tone === 'down' && 'text-danger',
        tone === 'neutral' && 'text-muted',
        className,
      )}
    >
      <polygon points={area} className="fill-current opacity-10" />
      <polyline
        points={line}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
