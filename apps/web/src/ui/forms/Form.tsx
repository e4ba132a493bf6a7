import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** react-hook-form's `handleSubmit(...)`: the promise it returns reports its own errors. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}

/**
 * A form validated by its schema, not by the browser (`noValidate`: the schema's messages show at
 * each field, in the language on screen), with the fields stacked one under another unless a
 * layout is given.
 */
export function Form({
  onSubmit,
  className = 'flex flex-col gap-4',
  children,
  ...rest
}: FormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={className} {...rest}>
      {children}
    </form>
  );
}

/**
 * A form without react-hook-form: `onSubmit` runs its own checks (no native validation, and the
 * page does not reload), with the fields stacked one under another.
 */
export function PlainForm({
  onSubmit,
  children,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...rest}
    >
      {children}
    </form>
  );
}
