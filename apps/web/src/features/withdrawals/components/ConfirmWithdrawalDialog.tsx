import { centsToPlain, formatSignedUsd, formatUsd } from '@app/shared/money';
import type { CreateWithdrawalInput } from '@app/shared/schemas/money';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal, Spinner } from '../../../ui';
import { useCreateWithdrawal, withdrawalQuoteQuery } from '../api';
import { feeTermsText } from '../feeTerms';
import { mutateAndReport } from '../../../lib/mutation';

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
  const send = useCreateWithdrawal();

  function confirm() {
    const toastId = toast.loading(t('toast.withdrawing'));
    mutateAndReport(send, request.body, {
      onSuccess: ({ transaction }) => {
        toast.success(t('toast.sent'), { id: toastId });
        onSent(transaction.transactionId);
      },
      onError: (error) => {
        toast.error(errorMessage(error), { id: toastId });
        if (error instanceof ApiRequestError && error.field && error.status < 500) {
          onFieldError(error.field, error.message);
        }
      },
    });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !send.isPending) onCancel();
      }}
      title={t('confirm.title')}
      description={t('confirm.description')}
      footer={
        <>
          <Button variant="secondary" disabled={send.isPending} onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
          <Button loading={send.isPending} disabled={!covered} onClick={confirm}>
            {send.isError ? t('confirm.retry') : t('confirm.confirm')}
          </Button>
        </>
      }
    >
      <dl className="flex flex-col gap-3 text-sm">
        <Row label={t('confirm.amount')} value={formatUsd(request.amountCents)} />
        {quote.data ? (
          <>
            <Row
              label={t('confirm.fee', { terms: feeTermsText(t, quote.data) })}
              value={formatSignedUsd(-quote.data.feeCents)}
            />
            <div className="flex items-baseline justify-between gap-4 border-t border-border pt-3">
              <dt className="font-medium text-text">{t('confirm.net')}</dt>
              <dd
                data-testid="confirm-net"
                className="text-lg font-semibold text-brand-strong tabular-nums"
              >
                {formatUsd(Math.max(quote.data.netCents, 0))}
              </dd>
            </div>
            {!covered && (
              <p role="alert" className="text-danger">
                {t('quote.belowFee', { fee: formatUsd(quote.data.feeCents) })}
              </p>
            )}
          </>
        ) : quote.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-danger">
            <span>{t('quote.error')}</span>
            <Button size="sm" variant="secondary" onClick={() => void quote.refetch()}>
              {t('confirm.retry')}
            </Button>
          </div>
        ) : (
          <div className="flex items-center gap-2 text-muted">
            <Spinner />
            {t('quote.calculating')}
          </div>
        )}
      </dl>
      <div className="mt-4 rounded-xl border border-border bg-surface-2 p-3">
        <p className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">
          {t('confirm.destination')}
        </p>
        <dl className="flex flex-col gap-1.5 text-sm">
          {request.destination.map((row) => (
            <Row key={row.label} label={row.label} value={row.value} mono />
          ))}
        </dl>
      </div>
      <p className="mt-4 text-xs text-muted">{t('confirm.hold')}</p>
      {send.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(send.error)}
        </p>
      )}
    </Modal>
  );
}

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd
        className={
          mono ? 'text-right font-mono break-all text-text' : 'text-right text-text tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
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
