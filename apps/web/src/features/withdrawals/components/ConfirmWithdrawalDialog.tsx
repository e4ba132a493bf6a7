import { centsToPlain } from '@app/shared/money';
import type { CreateWithdrawalInput } from '@app/shared/schemas/money';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MutationDialog } from '../../../ui';
import { withdrawalQuoteQuery } from '../api';
import { useSendWithdrawal } from '../hooks/useSendWithdrawal';
import { WithdrawalDestinationRows, WithdrawalQuoteRows } from './WithdrawalConfirmRows';

export interface WithdrawalRequest {
  body: CreateWithdrawalInput;
  amountCents: number;
  /** The crypto method paid by (its fee applies), or null for the bank transfer. */
  methodId: string | null;
  /** Where the money goes, as label/value rows (bank account or wallet). */
  destination: { label: string; value: string }[];
}

interface Props {
  request: WithdrawalRequest;
  onCancel: () => void;
  onSent: (transactionId: string) => void;
  /** The server named a form field (e.g. 'Insufficient balance' on amount). */
  onFieldError: (field: string, message: string) => void;
}

/**
 * "Are you sure?" before money moves: amount, fee, what arrives and where. Mounted once per
 * intent, so its idempotency key is made when it opens and reused by "Try again".
 */
export function ConfirmWithdrawalDialog({ request, onCancel, onSent, onFieldError }: Props) {
  const { t } = useTranslation('withdrawals');
  const quote = useQuery(withdrawalQuoteQuery(request.amountCents, request.methodId));
  const covered = quote.data !== undefined && quote.data.netCents > 0;
  const { send, confirm } = useSendWithdrawal(request.body, onSent, onFieldError);

  return (
    <MutationDialog
      mutation={send}
      onClose={onCancel}
      title={t('confirm.title')}
      description={t('confirm.description')}
      cancelLabel={t('confirm.cancel')}
      confirm={{
        label: send.isError ? t('confirm.retry') : t('confirm.confirm'),
        disabled: !covered,
        onClick: confirm,
      }}
    >
      <WithdrawalQuoteRows amountCents={request.amountCents} quote={quote} covered={covered} />
      <WithdrawalDestinationRows destination={request.destination} />
      <p className="mt-4 text-xs text-muted">{t('confirm.hold')}</p>
    </MutationDialog>
  );
}

/**
 * The withdrawal forms' flow after their own validation: `confirm(request)` opens the confirmation
 * (which makes the request's idempotency key and sends it); once sent the form is emptied and
 * `onSent` told; a refusal naming one of the form's `fields` closes the dialog and puts its
 * message on that field. Render `dialog` inside the form.
 */
export function useWithdrawalConfirmation<T extends FieldValues>({
  fields,
  setError,
  reset,
  onSent,
}: {
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  /** Empties the form after the request was sent. */
  reset: () => void;
  /** After 'Withdrawal request sent', with the amount as plain text. */
  onSent: (amount: string, transactionId: string) => void;
}): { confirm: (request: WithdrawalRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<WithdrawalRequest | null>(null);
  const dialog = request && (
    <ConfirmWithdrawalDialog
      request={request}
      onCancel={() => setRequest(null)}
      onSent={(transactionId) => {
        setRequest(null);
        reset();
        onSent(centsToPlain(request.amountCents), transactionId);
      }}
      onFieldError={(field, message) => {
        const known = fields.find((name) => name === field);
        if (!known) return;
        setRequest(null);
        setError(known, { type: 'server', message }, { shouldFocus: true });
      }}
    />
  );
  return { confirm: setRequest, dialog };
}
