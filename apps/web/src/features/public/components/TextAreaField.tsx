import clsx from 'clsx';
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldControl, inputClasses } from '../../../ui/TextField';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line field in the frame and look of the shared TextField. */
export function TextAreaField({ label, error, id, className, ref, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} error={error} className={className}>
      <textarea
        ref={ref}
        {...fieldControl(fieldId, { error })}
        className={clsx(
          inputClasses,
          'h-auto min-h-32 resize-y py-2.5',
          error ? 'border-danger' : 'border-border',
        )}
        {...props}
      />
    </FieldFrame>
  );
}
