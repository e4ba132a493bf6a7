import { formatUsd } from '@app/shared/money';
import type { AdminChainTransfer } from '@app/shared/schemas/chain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, buttonClasses, type DataTableColumn } from '../../../../ui';
import { CHAIN_STATUS_TONES } from '../../../deposits/components/ChainTransferList';
import { shortHash } from '../../../transactions/components/ChainTxLink';
import { formatDateTime } from '../../format';
import { actionsColumn } from '../actionsColumn';

type Cell = { transfer: AdminChainTransfer };

/**
 * The crypto transfers table: amount (and the USD credited), whose (their page), status (k of N
 * while confirming; a hold's reason), the transaction (hash, block, sender), when it was seen,
 * and its explorer page.
 */
export function useChainTransferColumns(): DataTableColumn<AdminChainTransfer>[] {
  const { t } = useTranslation('admin');
  return [
    {
      key: 'amount',
      header: t('chainTransfers.columns.amount'),
      primary: true,
      cell: (transfer) => <AmountCell transfer={transfer} />,
    },
    {
      key: 'user',
      header: t('chainTransfers.columns.user'),
      cell: (transfer) => (
        <Link
          to={`/admin/users/${transfer.userId}`}
          className="break-words underline-offset-2 hover:text-brand-strong hover:underline"
        >
          {transfer.userEmail ?? t('chainTransfers.noEmail')}
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('chainTransfers.columns.status'),
      cell: (transfer) => <StatusCell transfer={transfer} />,
    },
    {
      key: 'transaction',
      header: t('chainTransfers.columns.transaction'),
      cell: (transfer) => <TransactionCell transfer={transfer} />,
    },
    {
      key: 'seen',
      header: t('chainTransfers.columns.seen'),
      cell: (transfer) => (
        <span className="whitespace-nowrap">{formatDateTime(transfer.seenAt)}</span>
      ),
    },
    actionsColumn(t('chainTransfers.explorer'), (transfer) =>
      transfer.explorerUrl ? (
        <a
          href={transfer.explorerUrl}
          target="_blank"
          rel="noreferrer"
          aria-label={t('chainTransfers.explorer')}
          className={`${buttonClasses('secondary', 'sm')} whitespace-nowrap`}
        >
          {t('chainTransfers.explorerShort')}
        </a>
      ) : null,
    ),
  ];
}

/** "25 USDC", on which network, and the dollars credited once it is. */
function AmountCell({ transfer }: Cell) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col">
      <span className="font-medium whitespace-nowrap tabular-nums">
        {t('chainTransfers.token', { amount: transfer.amountText, token: transfer.token })}
      </span>
      <span className="text-xs text-muted">
        {t('chainTransfers.network', { token: transfer.token, network: transfer.networkName })}
      </span>
      {transfer.centsCredited !== null && (
        <span className="text-xs text-brand-strong">
          {t('chainTransfers.credited', { usd: formatUsd(transfer.centsCredited) })}
        </span>
      )}
    </div>
  );
}

/** The status badge (k of N while confirming) and, for a held transfer, why. */
function StatusCell({ transfer }: Cell) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col items-end gap-1 sm:items-start">
      <Badge tone={CHAIN_STATUS_TONES[transfer.status]}>
        {transfer.status === 'confirming'
          ? t('chainTransfers.confirming', {
              confirmations: transfer.confirmations,
              required: transfer.confirmationsRequired,
            })
          : t(`chainTransfers.statuses.${transfer.status}`)}
      </Badge>
      {transfer.holdReason && (
        <span className="text-xs text-danger">
          {t(`chainTransfers.holdReasons.${transfer.holdReason}`)}
        </span>
      )}
    </div>
  );
}

/** The transaction hash, its block and its sender, shortened (whole in their titles). */
function TransactionCell({ transfer }: Cell) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col font-mono text-xs whitespace-nowrap">
      <span title={transfer.txHash}>{shortHash(transfer.txHash)}</span>
      <span className="text-muted">
        {t('chainTransfers.block', { block: transfer.blockNumber })}
      </span>
      <span className="text-muted" title={transfer.fromAddress}>
        {t('chainTransfers.from', { address: shortHash(transfer.fromAddress) })}
      </span>
    </div>
  );
}
