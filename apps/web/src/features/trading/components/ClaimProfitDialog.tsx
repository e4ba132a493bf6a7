import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api';
import { signTone } from '../../../ui';
import { useClaimProfit, type CurrentTrade } from '../api';
import { formatRoi, formatSignedUsd } from '../format';
import { SummaryRow } from './TradeFigures';
import { MoveFigures, TradeMoveDialog } from './TradeMoveDialog';

/**
 * Confirm Profit: profit, trade amount and ROI, Cancel and Confirm (seed). Claiming takes the
 * profit out and leaves the trade open with its amount (PRODUCT.md section 3), which the dialog
 * says. Mounted once per intent, so its idempotency key is made when it opens and a retry books
 * once.
 */
export function ClaimProfitDialog({
  trade,
  onClose,
}: {
  trade: CurrentTrade;
  onClose: () => void;
}) {
  const { t } = useTranslation('trading');
  const claim = useClaimProfit(trade.id);
  const hasFee = chargesPerformanceFee(trade.performanceFeePct);
  return (
    <TradeMoveDialog
      book={trade.book}
      move={claim}
      texts="claim"
      pending={t('claim.claiming')}
      booked={({ change, trade: open }) =>
        t('claim.credited', {
          amount: formatUsd(change.payoutCents),
          kept: formatUsd(open.amountCents),
        })
      }
      // The market moved under the dialog: the seed's toast, and nothing to retry.
      refusal={(error) =>
        error instanceof ApiRequestError && error.code === 'NO_PROFIT_TO_CLAIM'
          ? t('claim.noProfit')
          : undefined
      }
      onClose={onClose}
    >
      {/* What the claim pays and what stays invested, and what the fee (if any) takes. */}
      <MoveFigures
        total={{ label: t('claim.staysIn'), testId: 'claim-stays', cents: trade.amountCents }}
        note={hasFee ? t('claim.feeNote', { pct: trade.performanceFeePct }) : t('claim.note')}
      >
        <SummaryRow label={t('figures.profit')} testId="claim-profit">
          <span className={signTone(trade.profitCents)}>{formatSignedUsd(trade.profitCents)}</span>
        </SummaryRow>
        <SummaryRow label={t('figures.amount')}>{formatUsd(trade.amountCents)}</SummaryRow>
        <SummaryRow label={t('figures.roi')}>
          <span className={signTone(trade.profitCents)}>{formatRoi(trade.roiPct)}</span>
        </SummaryRow>
      </MoveFigures>
    </TradeMoveDialog>
  );
}
