import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal } from '../../../ui';

/**
 * "Confirm your deposit": the amount, method, network and reference, confirmed before the pending
 * deposit is requested. It cannot be closed while the request is in flight; a failed request
 * shows its error and turns Confirm into Retry.
 */
export function ConfirmDepositDialog({
  open,
  onClose,
  onConfirm,
  pending,
  error,
  usd,
  method,
  reference,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  usd: string;
  method: PaymentMethod;
  reference: string;
}) {
  const { t } = useTranslation('deposits');
  const failed = error != null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={t('confirm.title')}
      description={t('confirm.description')}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            {failed ? t('confirm.retry') : t('confirm.confirm')}
          </Button>
        </>
      }
    >
      <dl className="flex flex-col gap-3 text-sm">
        <SummaryRow label={t('confirm.amount')} value={usd} strong />
        <SummaryRow label={t('confirm.method')} value={method.name} />
        {method.network && <SummaryRow label={t('confirm.network')} value={method.network} />}
        <SummaryRow
          label={t('confirm.reference')}
          value={reference.trim() || t('confirm.noReference')}
        />
      </dl>
      {failed && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {errorMessage(error)}
        </p>
      )}
    </Modal>
  );
}

export function SummaryRow({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd
        className={
          strong
            ? 'text-right text-base font-semibold tabular-nums text-text'
            : 'text-right break-all text-text'
        }
      >
        {value}
      </dd>
    </div>
  );
}
