import { formatUsd } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import type { CurrentTrade } from '../api';
import { parseTakeProfitPct, takeProfitValueCents } from '../format';
import { TakeProfitField } from './TakeProfitField';
import { TradeRuleDialog, useSaveTradeRules } from './TradeRuleDialog';

/**
 * Sets, changes or removes the trade's take-profit: it closes by itself once its gain reaches
 * this share of the amount invested. No money moves now, so one step is enough.
 */
export function TakeProfitDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const [text, setText] = useState(String(trade.takeProfitPct ?? 20));
  const [touched, setTouched] = useState(false);
  const { save, send } = useSaveTradeRules(trade, 'takeProfitDialog', onClose);
  const pct = parseTakeProfitPct(text);

  function saveRule(takeProfitPct: number | null) {
    send(
      { takeProfitPct },
      takeProfitPct === null
        ? t('takeProfitDialog.removed')
        : t('takeProfitDialog.saved', { pct: takeProfitPct }),
    );
  }

  return (
    <TradeRuleDialog
      dialog="takeProfitDialog"
      save={save}
      onClose={onClose}
      saveDisabled={pct !== null && pct === trade.takeProfitPct}
      onSave={() => {
        setTouched(true);
        if (pct !== null) saveRule(pct);
      }}
      otherAction={
        trade.takeProfitPct !== null && (
          <Button
            variant="ghost"
            className="sm:mr-auto"
            disabled={save.isPending}
            onClick={() => saveRule(null)}
          >
            {t('takeProfitDialog.remove')}
          </Button>
        )
      }
    >
      <TakeProfitField
        label={t('takeProfitDialog.label')}
        value={text}
        onChange={setText}
        invalid={touched && pct === null}
        disabled={save.isPending}
        hint={
          pct !== null &&
          t('takeProfitDialog.hint', {
            pct,
            value: formatUsd(takeProfitValueCents(trade.amountCents, pct)),
          })
        }
      />
    </TradeRuleDialog>
  );
}
