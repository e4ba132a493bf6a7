import clsx from 'clsx';
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { translateMessage } from '../../../lib/messages';
import { inputClasses } from '../../../ui/TextField';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line field in the look of the shared TextField (which has no textarea variant). */
export function TextAreaField({ label, error, id, className, ref, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-text">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={clsx(
          inputClasses,
          'h-auto min-h-32 resize-y py-2.5',
          error ? 'border-danger' : 'border-border',
        )}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}
