import { PasswordInput, type PasswordInputProps } from '../PasswordInput';

type FieldProps = Omit<PasswordInputProps, 'autoComplete'>;

/** The password the user has now: password managers fill it in. */
export function CurrentPasswordField(props: FieldProps) {
  return <PasswordInput autoComplete="current-password" {...props} />;
}

/** A password being chosen: password managers offer to generate and save it. */
export function NewPasswordField(props: FieldProps) {
  return <PasswordInput autoComplete="new-password" {...props} />;
}
