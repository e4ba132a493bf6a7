import { formatUsd } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentTrade } from '../api';
import { stopLossValueCents } from '../format';
import { StopLossField } from './StopLossField';
import { TradeRuleDialog, useSaveTradeRules } from './TradeRuleDialog';

/** Changes the open trade's copy stop-loss (5–95 %); no money moves, so one step is enough. */
export function StopLossDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const [pct, setPct] = useState(trade.stopLossPct);
  const { save, send } = useSaveTradeRules(trade, 'stopLossDialog', onClose);

  return (
    <TradeRuleDialog
      dialog="stopLossDialog"
      save={save}
      onClose={onClose}
      saveDisabled={pct === trade.stopLossPct}
      onSave={() => send({ stopLossPct: pct }, t('stopLossDialog.saved', { pct }))}
    >
      <StopLossField
        label={t('stopLossDialog.label')}
        value={pct}
        onChange={setPct}
        disabled={save.isPending}
        hint={t('stopLossDialog.hint', {
          pct,
          value: formatUsd(stopLossValueCents(trade.amountCents, pct)),
        })}
      />
    </TradeRuleDialog>
  );
}
