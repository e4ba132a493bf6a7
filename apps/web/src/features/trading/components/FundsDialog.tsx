import { centsToPlain, formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal, signTone, TextField } from '../../../ui';
import { accountSummaryQuery } from '../../account/api';
import { usePublicPlans } from '../../public/api';
import { formatPlanAmount } from '@app/shared/errors';
import { chargesPerformanceFee } from '@app/shared/trade-rules';
import {
  fundsQuoteQuery,
  useChangeFunds,
  type CurrentTrade,
  type FundsAction,
  type FundsChange,
} from '../api';
import { formatSignedUsd } from '../format';
import { explainRemoval, validateFundsAmount } from '../funds';
import { SummaryRow } from './TradeFigures';
import { formatDecimal, formatUnits } from '../../market/decimal';
import { mutateAndReport } from '../../../lib/mutation';

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
  const plan = usePublicPlans().data?.find((candidate) => candidate.id === trade.planId);
  const availableCents = useQuery(accountSummaryQuery).data?.availableCents;
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const change = useChangeFunds(trade.id, action);
  const quote = useQuery({
    ...fundsQuoteQuery(trade.id, action, amountCents ?? 0),
    enabled: amountCents !== null && !change.isSuccess,
  });
  const key = action === 'add' ? 'addFunds' : 'removeFunds';

  const review = form.handleSubmit(({ amount }) => {
    const result = validateFundsAmount(amount, action, trade, plan, availableCents);
    if (result.error !== null) {
      form.setError('amount', { message: result.error }, { shouldFocus: true });
      return;
    }
    setAmountCents(result.cents);
  });

  function confirm(cents: number) {
    mutateAndReport(change, centsToPlain(cents), {
      onSuccess: ({ change: booked }) => {
        toast.success(
          action === 'add'
            ? t('addFunds.success', {
                amount: formatUsd(booked.amountCents),
                plan: trade.planTitle,
              })
            : t('removeFunds.success', { amount: formatUsd(booked.payoutCents) }),
        );
        onClose();
      },
      onError: (error) => {
        toast.error(t(`${key}.failed`), { description: errorMessage(error) });
        // The amount was refused (a bound, the balance, the trade's value): back to the field.
        if (error instanceof ApiRequestError && error.field === 'amount' && error.status < 500) {
          setAmountCents(null);
          form.setError('amount', { message: errorMessage(error) });
          change.reset();
        }
      },
    });
  }

  const hint =
    action === 'add'
      ? plan &&
        t('addFunds.hint', {
          max: formatPlanAmount(plan.maxCents),
          room: formatPlanAmount(Math.max(0, plan.maxCents - trade.amountCents)),
        })
      : t('removeFunds.hint', {
          value: formatUsd(trade.valueCents),
          min: plan ? formatPlanAmount(plan.minCents) : '—',
        });

  return (
    <Modal
      open
      size="sm"
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title={t(`${key}.title`, { plan: trade.planTitle })}
      description={t(`${key}.description`)}
      footer={
        amountCents === null ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('claim.cancel')}
            </Button>
            <Button type="submit" form={`funds-${trade.id}`}>
              {t('funds.review')}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={change.isPending}
              onClick={() => {
                setAmountCents(null);
                change.reset();
              }}
            >
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
        <form id={`funds-${trade.id}`} noValidate onSubmit={(event) => void review(event)}>
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
      ) : quote.isPending ? (
        <p role="status" className="text-sm text-muted">
          {t('funds.quoting')}
        </p>
      ) : quote.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(quote.error)}
        </p>
      ) : (
        <FundsSummary change={quote.data} trade={trade} />
      )}
      {change.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(change.error)}
        </p>
      )}
    </Modal>
  );
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
