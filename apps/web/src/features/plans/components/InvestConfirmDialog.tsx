import { chargesPerformanceFee, STOP_LOSS_PCT } from '@app/shared/trade-rules';
import { formatDate } from '../../../lib/dates';
import { centsToPlain, formatUsd } from '@app/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, DemoStrategyBadge, Modal } from '../../../ui';
import { publicKeys, type PublicPlan } from '../../public/api';
import { RiskWarning } from '../../public/components/RiskWarning';
import { StopLossField } from '../../trading/components/StopLossField';
import { TakeProfitField } from '../../trading/components/TakeProfitField';
import { useOpenTrade } from '../../trading/api';
import { appropriatenessPath } from '../../verification/api';
import { parseTakeProfitPct, stopLossValueCents, takeProfitValueCents } from '../../trading/format';
import { mutateAndReport } from '../../../lib/mutation';

const DAY_MS = 86_400_000;

/**
 * A refusal that asking again cannot change (the plan or its strategy closed, the trader's cap
 * reached...): any 4xx but one that says the same request is still being worked on or to wait.
 * The confirmation then offers no "Try again", only Close.
 */
export function refusedForGood(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'REQUEST_IN_PROGRESS' &&
    error.code !== 'RATE_LIMITED'
  );
}

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
  const navigate = useNavigate();
  // Optional: empty means none; otherwise a whole percentage within its bounds.
  const [takeProfitText, setTakeProfitText] = useState('');
  const takeProfitPct = parseTakeProfitPct(takeProfitText);
  const takeProfitInvalid = takeProfitText.trim() !== '' && takeProfitPct === null;
  const [openedAt] = useState(() => Date.now());
  const [stopLossPct, setStopLossPct] = useState<number>(STOP_LOSS_PCT.default);
  const invest = useOpenTrade();
  const queryClient = useQueryClient();
  const final = invest.isError && refusedForGood(invest.error);
  const fee = plan.performanceFeePct.trim();
  const hasFee = chargesPerformanceFee(fee);

  function confirm() {
    if (takeProfitInvalid) return;
    mutateAndReport(
      invest,
      {
        planId: plan.id,
        amount: centsToPlain(amountCents),
        stopLossPct,
        ...(takeProfitPct !== null ? { takeProfitPct } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('toast.created'));
          void navigate('/dashboard');
        },
        onError: (error) => {
          // The appropriateness check comes first (issue 21): there, and back to this
          // confirmation with the amount (issue 39). No toast: the check's page says why it asks
          // and that nothing is invested meanwhile, and at 390 px a toast covered that note and
          // then the title of this confirmation reopened after the questions.
          if (error instanceof ApiRequestError && error.code === 'APPROPRIATENESS_REQUIRED') {
            void navigate(appropriatenessPath({ planId: plan.id, amountCents }));
            return;
          }
          toast.error(t('toast.failed'), { description: errorMessage(error) });
          if (error instanceof ApiRequestError && error.field === 'amount' && error.status < 500) {
            onAmountError(error.message);
            return;
          }
          // The plan may have closed since the page loaded: its card shows it again as it is.
          if (refusedForGood(error)) {
            void queryClient.invalidateQueries({ queryKey: publicKeys.plans });
          }
        },
      },
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !invest.isPending) onCancel();
      }}
      title={t('confirm.title')}
      description={t('confirm.description')}
      footer={
        <>
          <Button variant="secondary" disabled={invest.isPending} onClick={onCancel}>
            {final ? t('confirm.close') : t('confirm.cancel')}
          </Button>
          {!final && (
            <Button loading={invest.isPending} disabled={takeProfitInvalid} onClick={confirm}>
              {invest.isError ? t('confirm.retry') : t('confirm.confirm')}
            </Button>
          )}
        </>
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
      <dl className="flex flex-col gap-3 text-sm">
        <Row label={t('confirm.amount')}>
          <span className="text-lg font-semibold">{formatUsd(amountCents)}</span>
        </Row>
        <Row label={t('confirm.plan')}>{plan.title}</Row>
        <Row label={t('confirm.strategy')}>
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            {plan.strategy?.name ?? '—'}
            <DemoStrategyBadge runBy={plan.strategy?.runBy} />
          </span>
        </Row>
        <Row label={t('confirm.term')}>
          {t('confirm.termValue', {
            count: plan.termDays,
            date: formatDate(openedAt + plan.termDays * DAY_MS),
          })}
        </Row>
        <Row label={t('confirm.fee')}>{hasFee ? `${fee}%` : t('confirm.noFee')}</Row>
      </dl>
      {hasFee && <p className="mt-2 text-xs leading-relaxed text-muted">{t('confirm.hwm')}</p>}

      <div className="mt-5 rounded-xl border border-border bg-surface-2/60 p-4">
        <StopLossField
          label={t('confirm.stopLoss')}
          value={stopLossPct}
          onChange={setStopLossPct}
          disabled={invest.isPending}
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
          onChange={setTakeProfitText}
          invalid={takeProfitInvalid}
          placeholder={t('confirm.takeProfitNone')}
          disabled={invest.isPending}
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

      <RiskWarning className="mt-4" />
      <p className="mt-3 text-xs leading-relaxed text-muted">{t('confirm.closeAnyTime')}</p>

      {invest.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(invest.error)}
        </p>
      )}
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="text-right text-text tabular-nums">{children}</dd>
    </div>
  );
}
