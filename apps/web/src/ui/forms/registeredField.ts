import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';

/** The two pieces of a react-hook-form form a field reads (a SchemaForm has both). */
export interface FieldSource<Input extends FieldValues> {
  register: UseFormRegister<Input>;
  errors: FieldErrors<Input>;
}

/**
 * What a TextField (or TextAreaField) takes for the form's field `name`: its registration and its
 * validation message, so the field's name is written once and its error cannot name another.
 */
export function registeredField<Input extends FieldValues, Name extends Path<Input>>(
  form: FieldSource<Input>,
  name: Name,
  options?: RegisterOptions<Input, Name>,
): UseFormRegisterReturn<Name> & { error: string | undefined } {
  const error = get<FieldErrors<Input>, FieldError | undefined>(form.errors, name);
  return { ...form.register(name, options), error: error?.message };
}
