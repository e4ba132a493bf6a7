import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { MutationDialog, signTone } from '../../../ui';
import { useCloseTrade, type CurrentTrade } from '../api';
import { formatSignedUsd } from '../format';
import { formatTrimmed } from '../../market/decimal';
import { SummaryRow } from './TradeFigures';
import { mutateAndReport } from '../../../lib/mutation';

/**
 * Close Trade, available at any time (docs/product.md principle 4): the current value is returned to
 * the balance, which may be less than the amount invested. The figures are an estimate at the NAV
 * the card last read (they follow it while the dialog is open); the close is booked at the NAV of
 * the moment the server books it, so the dialog says so, and the toast gives the booked figures.
 */
export function CloseTradeDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const close = useCloseTrade(trade.id);
  const belowAmount = trade.valueCents < trade.amountCents;
  const hasFee = chargesPerformanceFee(trade.performanceFeePct) && trade.profitCents > 0;

  function confirm() {
    const toastId = toast.loading(t('close.closing'));
    mutateAndReport(close, undefined, {
      onSuccess: ({ trade: closed }) => {
        toast.success(t('close.success'), {
          id: toastId,
          description: t('close.credited', {
            amount: formatUsd(closed.payoutCents),
            nav: formatTrimmed(closed.exitNav, 10),
            result: formatSignedUsd(closed.profitCents),
          }),
        });
        onClose();
      },
      onError: (error) => {
        toast.error(t('close.failed'), { id: toastId, description: errorMessage(error) });
      },
    });
  }

  return (
    <MutationDialog
      mutation={close}
      onClose={onClose}
      size="sm"
      title={t('close.title')}
      description={t('close.description')}
      cancelLabel={t('close.cancel')}
      confirm={{ label: t('close.confirm'), variant: 'danger', onClick: confirm }}
    >
      <p className="mb-3 text-xs text-muted" data-testid="close-estimate-at">
        {t('close.estimateAt', { nav: formatTrimmed(trade.currentNav, 10) })}
      </p>
      <dl className="flex flex-col gap-3 text-sm">
        <SummaryRow label={t('figures.amount')}>{formatUsd(trade.amountCents)}</SummaryRow>
        <SummaryRow label={t('close.profit')}>
          <span className={signTone(trade.profitCents)}>{formatSignedUsd(trade.profitCents)}</span>
        </SummaryRow>
        <div className="border-t border-border pt-3">
          <SummaryRow label={t('close.returned')} strong testId="close-returned">
            {formatUsd(trade.valueCents)}
          </SummaryRow>
        </div>
      </dl>
      <p className="mt-4 text-xs leading-relaxed text-muted">
        {hasFee ? t('close.feeNote', { pct: trade.performanceFeePct }) : t('close.note')}
      </p>
      {belowAmount && (
        <p className="mt-2 text-xs leading-relaxed text-warning">{t('close.belowAmount')}</p>
      )}
    </MutationDialog>
  );
}
