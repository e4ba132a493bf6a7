import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import type { z } from 'zod';
import { useWithdrawalConfirmation } from '../components/ConfirmWithdrawalDialog';

/**
 * A withdrawal form: checked by its schema for the available balance, then confirmed in the
 * dialog (`confirm(request)`, render `dialog` inside the form); once sent it is emptied back to
 * `defaults` and `onSent` told, and a refusal naming one of `fields` lands on that field.
 * `amountText` is the amount as typed, for the live fee quote.
 */
export function useWithdrawalForm<Input extends FieldValues, Output>({
  schemaFor,
  availableCents,
  defaults,
  fields,
  onSent,
}: {
  schemaFor: (availableCents: number | undefined) => z.ZodType<Output, Input>;
  availableCents: number | undefined;
  defaults: DefaultValues<Input>;
  fields: readonly Path<Input>[];
  /** After 'Withdrawal request sent', with the amount as plain text. */
  onSent: (amount: string, transactionId: string) => void;
}) {
  const schema = useMemo(() => schemaFor(availableCents), [schemaFor, availableCents]);
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
  // Every withdrawal form has an amount; the paths of a generic Input are not known here.
  const amountText = useWatch({ control: form.control, name: 'amount' as Path<Input> });
  return {
    form,
    amountText: amountText === undefined ? undefined : String(amountText),
    confirm,
    dialog,
  };
}
