import clsx from 'clsx';
import { TextField, type TextFieldProps } from '../TextField';

/**
 * A code from an authenticator app: the phone offers the code it just received, and the digits
 * are set in a fixed-width face, spaced out, so they can be compared at a glance.
 */
export function OneTimeCodeField({ className, ...props }: Omit<TextFieldProps, 'autoComplete'>) {
  return (
    <TextField
      autoComplete="one-time-code"
      className={clsx('[&_input]:font-mono [&_input]:tracking-widest', className)}
      {...props}
    />
  );
}
