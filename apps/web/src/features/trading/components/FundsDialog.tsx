import { formatPlanAmount } from '@app/shared/errors';
import { formatUsd } from '@app/shared/money';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, MutationDialog, signTone, TextField } from '../../../ui';
import { formatDecimal, formatUnits } from '../../market/decimal';
import type { PublicPlan } from '../../public/api';
import type { CurrentTrade, FundsAction, FundsChange } from '../api';
import { formatSignedUsd } from '../format';
import { explainRemoval } from '../funds';
import { SummaryRow } from './TradeFigures';
import { useFundsDialog } from './useFundsDialog';

interface Props {
  trade: CurrentTrade;
  action: FundsAction;
  onClose: () => void;
}

/**
 * Add funds to an open trade, or take part of it out: an amount (checked as the server checks
 * it), then a confirmation with the figures at the NAV now — units, fee, what reaches the
 * balance and the trade after it — before any money moves. Mounted once per intent, so a retry
 * books once.
 */
export function FundsDialog({ trade, action, onClose }: Props) {
  const { t } = useTranslation('trading');
  const { key, plan, form, amountCents, change, quote, review, back, confirm } = useFundsDialog(
    trade,
    action,
    onClose,
  );
  const formId = `funds-${trade.id}`;
  const hint = useAmountHint(trade, action, plan);

  return (
    <MutationDialog
      mutation={change}
      onClose={onClose}
      size="sm"
      title={t(`${key}.title`, { plan: trade.planTitle })}
      description={t(`${key}.description`)}
      footer={
        amountCents === null ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('claim.cancel')}
            </Button>
            <Button type="submit" form={formId}>
              {t('funds.review')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" disabled={change.isPending} onClick={back}>
              {t('funds.back')}
            </Button>
            <Button
              loading={change.isPending}
              disabled={!quote.data}
              onClick={() => confirm(amountCents)}
            >
              {change.isError ? t('funds.retry') : t(`${key}.confirm`)}
            </Button>
          </>
        )
      }
    >
      {amountCents === null ? (
        <form id={formId} noValidate onSubmit={(event) => void review(event)}>
          <TextField
            id={`funds-${trade.id}-amount`}
            label={t(`${key}.amount`)}
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            endAdornment={<span className="pr-3 text-sm text-muted">USD</span>}
            hint={hint}
            error={form.formState.errors.amount?.message}
            {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
          />
        </form>
      ) : (
        <QuoteStep quote={quote} trade={trade} />
      )}
    </MutationDialog>
  );
}

/** The amount field's hint: room left in the plan to add, or the trade's value and floor to remove. */
function useAmountHint(trade: CurrentTrade, action: FundsAction, plan: PublicPlan | undefined) {
  const { t } = useTranslation('trading');
  if (action === 'add') {
    return (
      plan &&
      t('addFunds.hint', {
        max: formatPlanAmount(plan.maxCents),
        room: formatPlanAmount(Math.max(0, plan.maxCents - trade.amountCents)),
      })
    );
  }
  return t('removeFunds.hint', {
    value: formatUsd(trade.valueCents),
    min: plan ? formatPlanAmount(plan.minCents) : '—',
  });
}

/** The confirmation step: the server's quote, while it loads, or why it could not be had. */
function QuoteStep({
  quote,
  trade,
}: {
  quote: ReturnType<typeof useFundsDialog>['quote'];
  trade: CurrentTrade;
}) {
  const { t } = useTranslation('trading');
  if (quote.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        {t('funds.quoting')}
      </p>
    );
  }
  if (quote.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(quote.error)}
      </p>
    );
  }
  return <FundsSummary change={quote.data} trade={trade} />;
}

/** The confirmation's figures, as the server worked them out at the NAV now. */
function FundsSummary({ change, trade }: { change: FundsChange; trade: CurrentTrade }) {
  const { t } = useTranslation('trading');
  return (
    <>
      <dl className="flex flex-col gap-3 text-sm" data-testid="funds-summary">
        {change.action === 'add' ? (
          <>
            <SummaryRow label={t('addFunds.amount')} strong>
              {formatUsd(change.amountCents)}
            </SummaryRow>
            <SummaryRow label={t('funds.unitsBought')}>
              {t('funds.units', {
                units: formatUnits(change.units),
                nav: formatDecimal(change.nav, 4),
              })}
            </SummaryRow>
          </>
        ) : (
          <>
            <SummaryRow label={t('removeFunds.amount')}>{formatUsd(change.amountCents)}</SummaryRow>
            <SummaryRow label={t('funds.unitsSold')}>
              {t('funds.units', {
                units: formatUnits(change.units),
                nav: formatDecimal(change.nav, 4),
              })}
            </SummaryRow>
            <SummaryRow label={t('funds.realised')}>
              <span className={signTone(change.profitCents)}>
                {formatSignedUsd(change.profitCents)}
              </span>
            </SummaryRow>
            <SummaryRow label={t('funds.fee')}>{formatUsd(change.feeCents)}</SummaryRow>
            <SummaryRow label={t('funds.toBalance')} strong testId="funds-payout">
              {formatUsd(change.payoutCents)}
            </SummaryRow>
          </>
        )}
        <div className="flex flex-col gap-3 border-t border-border pt-3">
          <SummaryRow label={t('funds.amountAfter')} testId="funds-amount-after">
            {formatUsd(change.after.amountCents)}
          </SummaryRow>
          <SummaryRow label={t('funds.valueAfter')}>
            {formatUsd(change.after.valueCents)}
          </SummaryRow>
        </div>
      </dl>
      {change.action === 'remove' && <RemovalExplanation change={change} trade={trade} />}
      <p className="mt-4 text-xs leading-relaxed text-muted">
        {change.action === 'add' ? t('addFunds.note') : t('removeFunds.note')}
      </p>
    </>
  );
}

/**
 * Why a removal's figures are what they are (issue 39: "Trade Amount after $2,199.88" after $300
 * out of $2,500, with no word on why): the trade's value is not its amount once it has moved, the
 * units sold take their share of the amount, the fee is on their gain, and units and cents are
 * rounded. Worked out by the shared rule the server books with, so every figure is the quote's.
 */
function RemovalExplanation({ change, trade }: { change: FundsChange; trade: CurrentTrade }) {
  const { t } = useTranslation('trading');
  const split = explainRemoval(trade, change);
  if (!split) return null;
  const moved = split.valueBeforeCents - BigInt(trade.amountCents);
  const requested = formatUsd(split.valueCents);
  return (
    <section
      data-testid="funds-why"
      aria-labelledby={`funds-why-${trade.id}`}
      className="mt-4 rounded-xl border border-border bg-surface-2/60 p-4 text-sm leading-relaxed"
    >
      <h3 id={`funds-why-${trade.id}`} className="font-semibold text-text">
        {split.costCents === split.valueCents
          ? t('removeFunds.why.title')
          : t('removeFunds.why.titleDiffers', {
              cost: formatUsd(split.costCents),
              amount: requested,
            })}
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-muted">
        <li>
          {moved === 0n
            ? t('removeFunds.why.unmoved', { amount: formatUsd(BigInt(trade.amountCents)) })
            : t(moved > 0n ? 'removeFunds.why.movedUp' : 'removeFunds.why.movedDown', {
                value: formatUsd(split.valueBeforeCents),
                amount: formatUsd(BigInt(trade.amountCents)),
                difference: formatUsd(moved > 0n ? moved : -moved),
              })}
        </li>
        <li>
          {t('removeFunds.why.sold', {
            requested,
            units: formatUnits(split.units),
            nav: formatDecimal(change.nav, 4),
            cost: formatUsd(split.costCents),
            amountAfter: formatUsd(split.amountAfterCents),
          })}
        </li>
        {split.profitCents !== 0n && (
          <li>
            {split.profitCents > 0n
              ? t('removeFunds.why.gain', { profit: formatUsd(split.profitCents) })
              : t('removeFunds.why.loss', { loss: formatUsd(-split.profitCents) })}
          </li>
        )}
        <li>
          {split.feeCents > 0n
            ? t('removeFunds.why.fee', {
                fee: formatUsd(split.feeCents),
                payout: formatUsd(split.payoutCents),
              })
            : t(
                chargesPerformanceFee(trade.performanceFeePct)
                  ? 'removeFunds.why.noFee'
                  : 'removeFunds.why.noFeeCharged',
                { payout: formatUsd(split.payoutCents) },
              )}
        </li>
        <li>{t('removeFunds.why.rounding', { requested })}</li>
      </ul>
    </section>
  );
}
