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

  return (
    <FieldFrame
      id={inputId}
      label={
        <>
          {label}
          {optional && <span className="ml-1 font-normal text-muted">({t('optional')})</span>}
        </>
      }
      hint={hint}
      error={error}
      className={className}
    >
      <div className="relative">
        <input
          ref={ref}
          {...fieldControl(inputId, { hint, error })}
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
    </FieldFrame>
  );
}

/**
 * What every labelled field is framed by: the label above the control, then the hint and the
 * validation message (shown translated), which `fieldControl` ties to the control.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  labelClassName = 'text-sm font-medium text-text',
  children,
}: {
  /** The control's id. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}

/** A FieldFrame control's own attributes: its id, invalid with an error, described by its notes. */
export function fieldControl(id: string, notes: { hint?: ReactNode; error?: string | undefined }) {
  const describedBy = [notes.hint ? `${id}-hint` : '', notes.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': notes.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
