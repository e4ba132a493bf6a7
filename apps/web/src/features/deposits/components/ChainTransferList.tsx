import { formatUsd } from '@app/shared/money';
import type { ChainRail, ChainTransfer, ChainTransferStatusName } from '@app/shared/schemas/chain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { Badge, type BadgeTone } from '../../../ui';
import { tokenAmountText } from '../lib/tokenAmount';
import { ChainTxLink } from './ChainTxLink';

/** Each transfer status's badge colour (the back office's list uses the same). */
export const CHAIN_STATUS_TONES: Record<ChainTransferStatusName, BadgeTone> = {
  seen: 'info',
  confirming: 'warning',
  credited: 'success',
  held: 'danger',
  dropped: 'neutral',
};

/**
 * A transfer's status in words for its badge: "Seen", "Confirming 2 of 3", "Credited"… (the
 * `chain.transfers.status` texts of the namespace `t` reads).
 */
export function chainStatusText(
  t: (key: string, options?: Record<string, unknown>) => string,
  transfer: Pick<ChainTransfer, 'status' | 'confirmations' | 'confirmationsRequired'>,
): string {
  return t(`chain.transfers.status.${transfer.status}`, {
    confirmations: transfer.confirmations,
    required: transfer.confirmationsRequired,
  });
}

/** The investor's incoming transfers on one network, newest first, each with what happens next. */
export function ChainTransferList({
  transfers,
  rails,
}: {
  transfers: readonly ChainTransfer[];
  rails: readonly ChainRail[];
}) {
  return (
    <ul className="flex flex-col divide-y divide-border" data-testid="chain-transfers">
      {transfers.map((transfer) => (
        <TransferItem
          key={transfer.id}
          transfer={transfer}
          rail={rails.find((rail) => rail.token === transfer.token)}
        />
      ))}
    </ul>
  );
}

function TransferItem({
  transfer,
  rail,
}: {
  transfer: ChainTransfer;
  rail: ChainRail | undefined;
}) {
  const { t } = useTranslation('deposits');
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-semibold tabular-nums text-text">
          {t('chain.transfers.amount', { amount: transfer.amountText, token: transfer.token })}
        </span>
        <Badge tone={CHAIN_STATUS_TONES[transfer.status]}>{chainStatusText(t, transfer)}</Badge>
      </div>
      <TransferDetail transfer={transfer} rail={rail} />
      {(transfer.status === 'seen' || transfer.status === 'confirming') && (
        <ConfirmationBar transfer={transfer} />
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span>{t('chain.transfers.seenAt', { date: formatDateTime(transfer.seenAt) })}</span>
        <span className="inline-flex items-center gap-1">
          <span>{t('chain.transfers.hash')}</span>
          <ChainTxLink
            hash={transfer.txHash}
            explorerUrl={transfer.explorerUrl}
            label={t('chain.transfers.explorer')}
          />
        </span>
      </p>
    </li>
  );
}

/** What the status means for the investor's money, in words. */
function TransferDetail({
  transfer,
  rail,
}: {
  transfer: ChainTransfer;
  rail: ChainRail | undefined;
}) {
  const { t } = useTranslation('deposits');
  const text = 'text-sm text-muted';
  switch (transfer.status) {
    case 'seen':
      return <p className={text}>{t('chain.transfers.detail.seen')}</p>;
    case 'confirming':
      return (
        <p className={text}>
          {t('chain.transfers.detail.confirming', { required: transfer.confirmationsRequired })}
        </p>
      );
    case 'credited':
      return (
        <p className={`${text} flex flex-wrap gap-x-2`}>
          <span>
            {t('chain.transfers.detail.credited', { usd: formatUsd(transfer.centsCredited ?? 0) })}
          </span>
          {transfer.transactionId && (
            <Link
              to={`/transactions?q=${encodeURIComponent(transfer.transactionId)}`}
              className="text-brand-strong underline-offset-2 hover:underline"
            >
              {t('chain.transfers.detail.transaction', { id: transfer.transactionId })}
            </Link>
          )}
        </p>
      );
    case 'held':
      return (
        <p className="text-sm text-danger">
          {t(`chain.transfers.hold.${transfer.holdReason ?? 'other'}`, {
            token: transfer.token,
            minimum: rail ? tokenAmountText(rail.minimum, rail.decimals) : '',
          })}
        </p>
      );
    case 'dropped':
      return <p className={text}>{t('chain.transfers.detail.dropped')}</p>;
  }
}

/** k of N confirmations as a bar (its text is the badge's "Confirming k of N"). */
function ConfirmationBar({ transfer }: { transfer: ChainTransfer }) {
  const { t } = useTranslation('deposits');
  const required = Math.max(transfer.confirmationsRequired, 1);
  const done = Math.min(transfer.confirmations, required);
  return (
    <div
      role="progressbar"
      aria-label={t('chain.transfers.progress')}
      aria-valuemin={0}
      aria-valuemax={required}
      aria-valuenow={done}
      aria-valuetext={chainStatusText(t, transfer)}
      className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2"
    >
      <div
        className="h-full rounded-full bg-warning transition-[width] duration-500"
        style={{ width: `${(done / required) * 100}%` }}
      />
    </div>
  );
}
