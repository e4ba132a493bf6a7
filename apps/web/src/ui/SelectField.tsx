import clsx from 'clsx';
import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { translateMessage } from '../lib/messages';
import { inputClasses } from './TextField';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The classes of the label; TextField's unless a form sets its own. */
  labelClassName?: string;
  /** The validation message (shown translated); marks the select invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The options. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select in a form, laid out and styled as TextField is: label, select, hint, error. */
export function SelectField({
  label,
  labelClassName = 'text-sm font-medium text-text',
  error,
  hint,
  id,
  children,
  ref,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className={labelClassName}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className={clsx(inputClasses, error ? 'border-danger' : 'border-border')}
        aria-invalid={error ? true : undefined}
        {...selectProps}
      >
        {children}
      </select>
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {error && <p className="text-sm text-danger">{translateMessage(error)}</p>}
    </div>
  );
}
