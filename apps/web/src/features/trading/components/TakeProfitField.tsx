import { TAKE_PROFIT_PCT } from '@app/shared/trade-rules';
import { rule } from '@app/shared/rules';
import { useId, type ReactNode } from 'react';
import { translateMessage } from '../../../lib/messages';

const OUT_OF_RANGE = rule('TAKE_PROFIT_RANGE', {
  min: TAKE_PROFIT_PCT.min,
  max: TAKE_PROFIT_PCT.max,
});

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Show the range rule instead of `hint` (the text is not a percentage within bounds). */
  invalid: boolean;
  /** What the percentage means for this trade, or what leaving it empty means. */
  hint: ReactNode;
  placeholder?: string;
  disabled?: boolean;
}

/** A take-profit percentage: the field, its % sign and the line under it (the rule when wrong). */
export function TakeProfitField({
  label,
  value,
  onChange,
  invalid,
  hint,
  placeholder,
  disabled,
}: Props) {
  const inputId = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={inputId} className="text-sm font-medium text-text">
        {label}
      </label>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={inputId}
          inputMode="numeric"
          value={value}
          placeholder={placeholder}
          aria-describedby={hintId}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          className="h-11 w-28 rounded-xl border border-border bg-surface-2 px-3 text-base text-text tabular-nums focus:border-brand focus:outline-none"
        />
        <span className="text-text">%</span>
      </div>
      <p id={hintId} className="mt-2 text-xs leading-relaxed text-muted">
        {invalid ? <span className="text-danger">{translateMessage(OUT_OF_RANGE)}</span> : hint}
      </p>
    </>
  );
}
