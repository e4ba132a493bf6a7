import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { errorMessage } from '../../../lib/requestErrors';
import { MutationDialog, signTone } from '../../../ui';
import { useClaimProfit, type CurrentTrade } from '../api';
import { formatRoi, formatSignedUsd } from '../format';
import { SummaryRow } from './TradeFigures';
import { mutateAndReport } from '../../../lib/mutation';

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

  function confirm() {
    const toastId = toast.loading(t('claim.claiming'));
    mutateAndReport(claim, undefined, {
      onSuccess: ({ change, trade: open }) => {
        toast.success(t('claim.success'), {
          id: toastId,
          description: t('claim.credited', {
            amount: formatUsd(change.payoutCents),
            kept: formatUsd(open.amountCents),
          }),
        });
        onClose();
      },
      onError: (error) => {
        // The market moved under the dialog: the seed's toast, and nothing to retry.
        if (error instanceof ApiRequestError && error.code === 'NO_PROFIT_TO_CLAIM') {
          toast.error(t('claim.noProfit'), { id: toastId });
          onClose();
          return;
        }
        toast.error(t('claim.failed'), { id: toastId, description: errorMessage(error) });
      },
    });
  }

  return (
    <MutationDialog
      mutation={claim}
      onClose={onClose}
      size="sm"
      title={t('claim.title')}
      description={t('claim.description')}
      cancelLabel={t('claim.cancel')}
      confirm={{ label: t('claim.confirm'), onClick: confirm }}
    >
      <ClaimSummary trade={trade} />
    </MutationDialog>
  );
}

/** What the claim pays and what stays invested, and what the fee (if any) takes. */
function ClaimSummary({ trade }: { trade: CurrentTrade }) {
  const { t } = useTranslation('trading');
  const hasFee = chargesPerformanceFee(trade.performanceFeePct);
  return (
    <>
      <dl className="flex flex-col gap-3 text-sm">
        <SummaryRow label={t('figures.profit')} testId="claim-profit">
          <span className={signTone(trade.profitCents)}>{formatSignedUsd(trade.profitCents)}</span>
        </SummaryRow>
        <SummaryRow label={t('figures.amount')}>{formatUsd(trade.amountCents)}</SummaryRow>
        <SummaryRow label={t('figures.roi')}>
          <span className={signTone(trade.profitCents)}>{formatRoi(trade.roiPct)}</span>
        </SummaryRow>
        <div className="border-t border-border pt-3">
          <SummaryRow label={t('claim.staysIn')} strong testId="claim-stays">
            {formatUsd(trade.amountCents)}
          </SummaryRow>
        </div>
      </dl>
      <p className="mt-4 text-xs leading-relaxed text-muted">
        {hasFee ? t('claim.feeNote', { pct: trade.performanceFeePct }) : t('claim.note')}
      </p>
    </>
  );
}
