import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import { useTranslation } from 'react-i18next';
import { signTone } from '../../../ui';
import { useCloseTrade, type CurrentTrade } from '../api';
import { formatSignedUsd } from '../format';
import { formatTrimmed } from '../../market/decimal';
import { SummaryRow } from './TradeFigures';
import { MoveFigures, TradeMoveDialog } from './TradeMoveDialog';

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

  return (
    <TradeMoveDialog
      book={trade.book}
      move={close}
      texts="close"
      pending={t('close.closing')}
      confirmVariant="danger"
      booked={({ trade: closed }) =>
        t('close.credited', {
          amount: formatUsd(closed.payoutCents),
          nav: formatTrimmed(closed.exitNav, 10),
          result: formatSignedUsd(closed.profitCents),
        })
      }
      onClose={onClose}
    >
      <p className="mb-3 text-xs text-muted" data-testid="close-estimate-at">
        {t('close.estimateAt', { nav: formatTrimmed(trade.currentNav, 10) })}
      </p>
      <MoveFigures
        total={{ label: t('close.returned'), testId: 'close-returned', cents: trade.valueCents }}
        note={hasFee ? t('close.feeNote', { pct: trade.performanceFeePct }) : t('close.note')}
      >
        <SummaryRow label={t('figures.amount')}>{formatUsd(trade.amountCents)}</SummaryRow>
        <SummaryRow label={t('close.profit')}>
          <span className={signTone(trade.profitCents)}>{formatSignedUsd(trade.profitCents)}</span>
        </SummaryRow>
      </MoveFigures>
      {belowAmount && (
        <p className="mt-2 text-xs leading-relaxed text-warning">{t('close.belowAmount')}</p>
      )}
    </TradeMoveDialog>
  );
}
