import { STOP_LOSS_PCT } from '@app/shared/trade-rules';
import { useId, type ReactNode } from 'react';

interface Props {
  label: string;
  value: number;
  onChange: (pct: number) => void;
  /** What the percentage means for this trade (the value at which it closes). */
  hint: ReactNode;
  disabled?: boolean;
}

/** A copy stop-loss: a slider over its bounds in whole percent, the value beside it, the hint. */
export function StopLossField({ label, value, onChange, hint, disabled }: Props) {
  const sliderId = useId();
  return (
    <>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={sliderId} className="text-sm font-medium text-text">
          {label}
        </label>
        <span aria-hidden="true" className="font-semibold text-text tabular-nums">
          {value}%
        </span>
      </div>
      <input
        id={sliderId}
        type="range"
        min={STOP_LOSS_PCT.min}
        max={STOP_LOSS_PCT.max}
        step={1}
        value={value}
        aria-valuetext={`${value}%`}
        onChange={(event) => onChange(Number(event.target.value))}
        disabled={disabled}
        className="mt-3 w-full accent-[var(--color-brand)]"
      />
      <p className="mt-2 text-xs leading-relaxed text-muted">{hint}</p>
    </>
  );
}
