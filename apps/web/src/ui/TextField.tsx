import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/messages';
import { UI_NAMESPACE } from './i18n';

export const inputClasses = clsx(
  'h-11 w-full rounded-lg border bg-surface-2 px-3 text-base text-text placeholder:text-muted/80',
  'transition-colors outline-none focus-visible:border-brand-strong focus-visible:outline-2 focus-visible:outline-offset-0',
  'disabled:opacity-60 read-only:cursor-default',
);

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** The validation message (shown translated); marks the input invalid and is read out with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  /** A control inside the input's right edge (e.g. the show/hide password toggle). */
  endAdornment?: ReactNode;
  /** A decoration inside the input's left edge (e.g. the chosen country's flag); not clickable. */
  startAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  hint,
  optional,
  endAdornment,
  startAdornment,
  id,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-text">
        {label}
        {optional && <span className="ml-1 font-normal text-muted">({t('optional')})</span>}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(
            inputClasses,
            error ? 'border-danger' : 'border-border',
            endAdornment ? 'pr-12' : undefined,
            startAdornment ? 'pl-11' : undefined,
          )}
          {...inputProps}
        />
        {startAdornment && (
          <div className="pointer-events-none absolute inset-y-0 left-3 flex items-center">
            {startAdornment}
          </div>
        )}
        {endAdornment && (
          <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}
