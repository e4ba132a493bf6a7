import { STOP_LOSS_PCT } from '@app/shared/trade-rules';
import { formatUsd } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationDialog } from '../../../ui';
import type { PublicPlan } from '../../public/api';
import { RiskWarning } from '../../public/components/RiskWarning';
import { parseTakeProfitPct } from '../../trading/format';
import { useInvestInPlan } from '../hooks/useInvestInPlan';
import { InvestExitFields } from './InvestExitFields';
import { InvestSummary } from './InvestSummary';

interface Props {
  plan: PublicPlan;
  amountCents: number;
  onCancel: () => void;
  /** The server refused the amount (min, max, balance): back to the field with its message. */
  onAmountError: (message: string) => void;
  /** Opened again after the appropriateness check: say that nothing is invested yet. */
  returning?: boolean;
}

/**
 * The invest confirmation: amount, plan, strategy, term, fee, copy stop-loss and the risk warning,
 * before any money moves. Mounted once per intent, so its idempotency key is made when it opens
 * and "Try again" reuses it.
 */
export function InvestConfirmDialog({
  plan,
  amountCents,
  onCancel,
  onAmountError,
  returning = false,
}: Props) {
  const { t } = useTranslation('plans');
  // Optional: empty means none; otherwise a whole percentage within its bounds.
  const [takeProfitText, setTakeProfitText] = useState('');
  const takeProfitPct = parseTakeProfitPct(takeProfitText);
  const takeProfitInvalid = takeProfitText.trim() !== '' && takeProfitPct === null;
  const [stopLossPct, setStopLossPct] = useState<number>(STOP_LOSS_PCT.default);
  const { invest, final, confirm } = useInvestInPlan(plan, amountCents, onAmountError);

  return (
    <MutationDialog
      mutation={invest}
      onClose={onCancel}
      title={t('confirm.title')}
      description={t('confirm.description')}
      cancelLabel={final ? t('confirm.close') : t('confirm.cancel')}
      // After the final answer only the way out is left.
      confirm={
        final
          ? undefined
          : {
              label: invest.isError ? t('confirm.retry') : t('confirm.confirm'),
              disabled: takeProfitInvalid,
              onClick: () => {
                if (!takeProfitInvalid) confirm({ stopLossPct, takeProfitPct });
              },
            }
      }
    >
      {returning && (
        <p
          role="note"
          data-testid="invest-not-made"
          className="mb-4 rounded-xl border border-sky-400/30 bg-sky-400/5 p-3 text-sm leading-relaxed text-text"
        >
          {t('detour.returned', { amount: formatUsd(amountCents) })}
        </p>
      )}
      <InvestSummary plan={plan} amountCents={amountCents} />
      <InvestExitFields
        amountCents={amountCents}
        stopLossPct={stopLossPct}
        onStopLossChange={setStopLossPct}
        takeProfitText={takeProfitText}
        onTakeProfitChange={setTakeProfitText}
        takeProfitPct={takeProfitPct}
        takeProfitInvalid={takeProfitInvalid}
        disabled={invest.isPending}
      />
      <RiskWarning className="mt-4" />
      <p className="mt-3 text-xs leading-relaxed text-muted">{t('confirm.closeAnyTime')}</p>
    </MutationDialog>
  );
}
