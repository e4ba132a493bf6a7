import { zodResolver } from '@hookform/resolvers/zod';
import { centsToPlain } from '@app/shared/money';
import type { CreateWithdrawal } from '@app/shared/schemas/money';
import { useMemo } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import type { z } from 'zod';
import {
  useWithdrawalConfirmation,
  type WithdrawalRequest,
} from '../components/ConfirmWithdrawalDialog';

/** What the withdrawals page gives each withdrawal form. */
export interface WithdrawalFormProps {
  availableCents: number | undefined;
  /** After 'Withdrawal request sent', with the amount as plain text. */
  onSent: (amount: string, transactionId: string) => void;
}

/**
 * A withdrawal form (given the page's `WithdrawalFormProps`): checked by its schema for the
 * available balance, then confirmed in the dialog (`submitWith(where)` is the form's submit
 * handler; render `dialog` inside the form); once sent it is emptied back to `defaults` and
 * `onSent` told, and a refusal naming one of `fields` lands on that field. `amountField` wires
 * the form's amount into `<AmountField>` (its live fee quote follows the amount as typed).
 */
export function useWithdrawalForm<Input extends FieldValues, Output extends CreateWithdrawal>(
  { availableCents, onSent }: WithdrawalFormProps,
  {
    schemaFor,
    defaults,
    fields,
  }: {
    schemaFor: (availableCents: number | undefined) => z.ZodType<Output, Input>;
    defaults: DefaultValues<Input>;
    fields: readonly Path<Input>[];
  },
) {
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
  const amountPath = 'amount' as Path<Input>;
  const amountText = useWatch({ control: form.control, name: amountPath });

  /** The checked values go to the confirmation: the amount as sent, and where the money goes. */
  const submitWith = (
    where: (values: Output) => Pick<WithdrawalRequest, 'methodId' | 'destination'>,
  ) =>
    form.handleSubmit((values) =>
      confirm({ body: withdrawalBody(values), amountCents: values.amount, ...where(values) }),
    );

  return {
    register: form.register,
    errors: form.formState.errors,
    control: form.control,
    submitWith,
    amountField: {
      registration: form.register(amountPath),
      error: form.getFieldState(amountPath, form.formState).error?.message,
      availableCents,
      amountText: amountText === undefined ? undefined : String(amountText),
    },
    dialog,
  };
}

/** The request's body: the checked values with the amount back in plain text ("1250.00"). */
function withdrawalBody(values: CreateWithdrawal) {
  return { ...values, amount: centsToPlain(values.amount) };
}
