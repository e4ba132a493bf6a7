import { formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { MutationDialog } from '../../../ui';
import { PracticeBadge } from '../../../ui/Practice';
import type { PublicPlan } from '../../public/api';
import { RiskWarning } from '../../public/components/RiskWarning';
import { useInvestInPlan } from '../hooks/useInvestInPlan';
import { InvestExitFields, useInvestExits } from './InvestExitFields';
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
  const exits = useInvestExits();
  const { stopLossPct, takeProfitPct, takeProfitInvalid } = exits;
  const { invest, final, confirm, book } = useInvestInPlan(plan, amountCents, onAmountError);

  return (
    <MutationDialog
      mutation={invest}
      onClose={onCancel}
      title={t(book === 'practice' ? 'practice.confirmTitle' : 'confirm.title')}
      description={t(book === 'practice' ? 'practice.confirmDescription' : 'confirm.description')}
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
      {book === 'practice' && (
        <p
          role="note"
          data-testid="invest-practice"
          className="mb-4 rounded-xl border border-practice/40 bg-practice/10 p-3 text-sm leading-relaxed text-text"
        >
          <PracticeBadge book={book} className="mr-1 align-middle" /> {t('practice.confirmNote')}
        </p>
      )}
      <InvestSummary plan={plan} amountCents={amountCents} />
      <InvestExitFields amountCents={amountCents} exits={exits} disabled={invest.isPending} />
      <RiskWarning className="mt-4" />
      <p className="mt-3 text-xs leading-relaxed text-muted">{t('confirm.closeAnyTime')}</p>
    </MutationDialog>
  );
}
