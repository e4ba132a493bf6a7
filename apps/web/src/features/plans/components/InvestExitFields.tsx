import { formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { StopLossField } from '../../trading/components/StopLossField';
import { TakeProfitField } from '../../trading/components/TakeProfitField';
import { stopLossValueCents, takeProfitValueCents } from '../../trading/format';

/** The copy's exits in the invest confirmation: its stop-loss and optional take-profit. */
export function InvestExitFields({
  amountCents,
  stopLossPct,
  onStopLossChange,
  takeProfitText,
  onTakeProfitChange,
  takeProfitPct,
  takeProfitInvalid,
  disabled,
}: {
  amountCents: number;
  stopLossPct: number;
  onStopLossChange: (pct: number) => void;
  takeProfitText: string;
  onTakeProfitChange: (text: string) => void;
  takeProfitPct: number | null;
  takeProfitInvalid: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('plans');
  return (
    <>
      <div className="mt-5 rounded-xl border border-border bg-surface-2/60 p-4">
        <StopLossField
          label={t('confirm.stopLoss')}
          value={stopLossPct}
          onChange={onStopLossChange}
          disabled={disabled}
          hint={t('confirm.stopLossHint', {
            pct: stopLossPct,
            value: formatUsd(stopLossValueCents(amountCents, stopLossPct)),
          })}
        />
      </div>

      <div className="mt-3 rounded-xl border border-border bg-surface-2/60 p-4">
        <TakeProfitField
          label={t('confirm.takeProfit')}
          value={takeProfitText}
          onChange={onTakeProfitChange}
          invalid={takeProfitInvalid}
          placeholder={t('confirm.takeProfitNone')}
          disabled={disabled}
          hint={
            takeProfitPct !== null
              ? t('confirm.takeProfitHint', {
                  pct: takeProfitPct,
                  value: formatUsd(takeProfitValueCents(amountCents, takeProfitPct)),
                })
              : t('confirm.takeProfitOptional')
          }
        />
      </div>
    </>
  );
}
