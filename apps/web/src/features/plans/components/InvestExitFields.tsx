import { formatUsd } from '@app/shared/money';
import { STOP_LOSS_PCT } from '@app/shared/trade-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StopLossField } from '../../trading/components/StopLossField';
import { TakeProfitField } from '../../trading/components/TakeProfitField';
import { parseTakeProfitPct, stopLossValueCents, takeProfitValueCents } from '../../trading/format';

export type InvestExits = ReturnType<typeof useInvestExits>;

/**
 * What the exit fields hold: the stop-loss (its default to start) and the typed take-profit, as
 * the order needs them and as each field is bound (`stopLossField`, `takeProfitField`).
 */
export function useInvestExits() {
  const [stopLossPct, setStopLossPct] = useState<number>(STOP_LOSS_PCT.default);
  // Optional: empty means none; otherwise a whole percentage within its bounds.
  const [takeProfitText, setTakeProfitText] = useState('');
  const takeProfitPct = parseTakeProfitPct(takeProfitText);
  const takeProfitInvalid = takeProfitText.trim() !== '' && takeProfitPct === null;
  return {
    stopLossPct,
    takeProfitPct,
    takeProfitInvalid,
    stopLossField: { value: stopLossPct, onChange: setStopLossPct },
    takeProfitField: {
      value: takeProfitText,
      onChange: setTakeProfitText,
      invalid: takeProfitInvalid,
    },
  };
}

/** The copy's exits in the invest confirmation: its stop-loss and optional take-profit. */
export function InvestExitFields({
  amountCents,
  exits,
  disabled,
}: {
  amountCents: number;
  exits: InvestExits;
  disabled: boolean;
}) {
  const { t } = useTranslation('plans');
  const { stopLossPct, takeProfitPct } = exits;
  return (
    <>
      <div className="mt-5 rounded-xl border border-border bg-surface-2/60 p-4">
        <StopLossField
          label={t('confirm.stopLoss')}
          {...exits.stopLossField}
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
          {...exits.takeProfitField}
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
