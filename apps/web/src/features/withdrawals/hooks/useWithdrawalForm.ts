import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useWithdrawalConfirmation } from '../components/ConfirmWithdrawalDialog';

/**
 * A withdrawal form: checked by its schema, then confirmed in the dialog (`confirm(request)`,
 * render `dialog` inside the form); once sent it is emptied back to `defaults` and `onSent` told,
 * and a refusal naming one of `fields` lands on that field.
 */
export function useWithdrawalForm<Input extends FieldValues, Output>({
  schema,
  defaults,
  fields,
  onSent,
}: {
  schema: z.ZodType<Output, Input>;
  defaults: DefaultValues<Input>;
  fields: readonly Path<Input>[];
  /** After 'Withdrawal request sent', with the amount as plain text. */
  onSent: (amount: string, transactionId: string) => void;
}) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const { confirm, dialog } = useWithdrawalConfirmation({
    fields,
    setError: form.setError,
    reset: () => form.reset(defaults),
    onSent,
  });
  return { form, confirm, dialog };
}
