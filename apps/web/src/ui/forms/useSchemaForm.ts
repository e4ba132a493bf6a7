import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { toastAndMarkField } from '../../lib/requestErrors';

type FormOptions<Input extends FieldValues, Output> = Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver'
>;

export type SchemaForm<Input extends FieldValues, Output> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  errors: FieldErrors<Input>;
  isSubmitting: boolean;
};

/**
 * A form checked by its zod schema (react-hook-form with the schema's resolver), with the two
 * pieces of its state every form reads lifted out: the field errors and whether a submit runs.
 * With `raw`, the submitted values are the typed text (the schema only checks it), for a server
 * that turns the text into cents itself.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: FormOptions<Input, Output>,
): SchemaForm<Input, Output>;
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: FormOptions<Input, Input> & { raw: true },
): SchemaForm<Input, Input>;
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { raw, ...options }: FormOptions<Input, Output | Input> & { raw?: true },
): SchemaForm<Input, Output | Input> {
  const form = useForm<Input, unknown, Output | Input>({
    ...options,
    resolver: raw ? zodResolver(schema, undefined, { raw }) : zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting };
}

/**
 * The submit of a form that sends its values and says so: `send` them, then `success` in a toast;
 * a refusal in a toast, and at the field the server named (one of `fields`) too.
 */
export function sendingSubmit<Input extends FieldValues, Output>(
  form: SchemaForm<Input, Output>,
  send: (values: Output) => Promise<unknown>,
  success: string,
  fields: readonly Path<Input>[],
) {
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
      toast.success(success);
    } catch (error) {
      toastAndMarkField(error, form.setError, fields);
    }
  });
}
