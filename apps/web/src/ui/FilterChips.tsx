import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface FilterChipOption<V extends string> {
  value: V;
  label: ReactNode;
}

/** A row of toggle chips choosing one value (filters); wraps on narrow screens. */
export function FilterChips<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  /** Names the group for screen readers. */
  label: string;
  options: readonly FilterChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={clsx('flex flex-wrap gap-2', className)}>
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(option.value)}
            className={clsx(
              'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors',
              selected
                ? 'border-brand bg-brand/15 text-brand-strong'
                : 'border-border bg-surface-2 text-muted hover:border-muted hover:text-text',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
