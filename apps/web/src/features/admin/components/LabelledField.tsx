import type { ReactNode } from 'react';
import { translateMessage } from '../../../lib/messages';

/**
 * A label over a control TextField does not cover (a select, a textarea) and the control's error
 * under it, as `${id}-error` for the control's `aria-describedby`.
 */
export function LabelledField({
  id,
  label,
  error,
  className = 'flex flex-col gap-1.5',
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  /** The control (with `id`) and any note under it. */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}

/** The aria attributes of a control whose error LabelledField shows. */
export function errorAria(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
