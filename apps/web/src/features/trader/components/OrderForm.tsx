import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card, ConfirmDialog, SelectField, TextField } from '../../../ui';
import { tickersQuery } from '../../market/api';
import { formatPrice } from '../../market/decimal';
import type { TraderStrategy } from '../api';
import { orderInstruments, useOrderForm, type OrderValues } from './useOrderForm';

/**
 * A lead trader's order: instrument, long or short, and the target weight of the strategy's
 * equity (0 closes). Review refuses on the field what the desk can already tell (closing what is
 * not held; growing a retired strategy: orderRefusal) before the confirmation, which says it
 * fills at the market price the server reads at that instant; there is no price field. Server
 * refusals (weights over 100 %) land on the field; the toast says what was filled.
 */
export function OrderForm({ strategy }: { strategy: TraderStrategy }) {
  const { t } = useTranslation('trader');
  const instruments = orderInstruments(strategy);
  const { form, submit, pending, setPending, place, placing } = useOrderForm(strategy, instruments);

  return (
    <Card title={t('order.title')} description={t('order.description')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <InstrumentField form={form} strategy={strategy} instruments={instruments} />
        <SideField form={form} />
        <TextField
          label={t('order.weight')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="25"
          hint={t('order.weightHint')}
          endAdornment={<span className="pr-3 text-sm text-muted">%</span>}
          error={form.formState.errors.targetWeight?.message}
          {...form.register('targetWeight', { onChange: () => form.clearErrors('targetWeight') })}
        />
        <Button type="submit" fullWidth loading={placing}>
          {t('order.review')}
        </Button>
      </form>
      <ConfirmOrderDialog
        strategy={strategy}
        pending={pending}
        busy={placing}
        onCancel={() => setPending(null)}
        onConfirm={place}
      />
    </Card>
  );
}

interface FieldProps {
  form: UseFormReturn<OrderValues>;
}

/** The instrument select, with what the strategy already holds of the chosen one. */
function InstrumentField({
  form,
  strategy,
  instruments,
}: FieldProps & { strategy: TraderStrategy; instruments: readonly string[] }) {
  const { t } = useTranslation('trader');
  const symbol = useWatch({ control: form.control, name: 'symbol' });
  const held = strategy.positions.find((position) => position.symbol === symbol);
  return (
    <SelectField
      label={t('order.instrument')}
      hint={
        held
          ? t('order.held', { side: t(`side.${held.side}`), weight: held.weightPct })
          : t('order.notHeld')
      }
      {...form.register('symbol')}
    >
      {instruments.map((item) => (
        <option key={item} value={item}>
          {item}
        </option>
      ))}
    </SelectField>
  );
}

/** Long or short, as two radio tiles. */
function SideField({ form }: FieldProps) {
  const { t } = useTranslation('trader');
  const sideName = useId();
  const side = useWatch({ control: form.control, name: 'side' });
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-text">{t('order.side')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['long', 'short'] as const).map((value) => (
          <label
            key={value}
            className={clsx(
              'flex h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-strong',
              side === value
                ? value === 'long'
                  ? 'border-brand/60 bg-brand/15 text-brand-strong'
                  : 'border-danger/60 bg-danger/15 text-danger'
                : 'border-border bg-surface-2 text-muted hover:text-text',
            )}
          >
            <input
              type="radio"
              value={value}
              className="sr-only"
              name={`${sideName}-side`}
              onChange={() => form.setValue('side', value)}
              checked={side === value}
            />
            {t(`side.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the confirmation says: closing (weight 0, whichever side is selected) or a new weight. */
function useConfirmDescription(strategy: TraderStrategy, pending: OrderValues | null) {
  const { t } = useTranslation('trader');
  if (!pending) return undefined;
  if (Number(pending.targetWeight) !== 0) {
    return t('order.confirmBody', {
      symbol: pending.symbol,
      side: t(`side.${pending.side}`),
      weight: pending.targetWeight,
    });
  }
  // Weight 0 closes what is held, whichever direction is selected (the server does the same).
  const held = strategy.positions.find((position) => position.symbol === pending.symbol);
  return held
    ? t('order.confirmCloseHeld', {
        symbol: pending.symbol,
        side: t(`side.${held.side}`),
        weight: held.weightPct,
      })
    : t('order.confirmClose', { symbol: pending.symbol });
}

/** The confirmation: it fills at the market price the server reads, shown here as the last one. */
function ConfirmOrderDialog({
  strategy,
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  strategy: TraderStrategy;
  pending: OrderValues | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (values: OrderValues) => void;
}) {
  const { t } = useTranslation('trader');
  const tickers = useQuery({ ...tickersQuery, refetchInterval: 5_000 });
  const ticker = tickers.data?.tickers.find((item) => item.symbol === pending?.symbol);
  const description = useConfirmDescription(strategy, pending);
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('order.confirmTitle')}
      description={description}
      confirmLabel={t('order.place')}
      cancelLabel={t('order.cancel')}
      busy={busy}
      onConfirm={() => {
        if (pending) onConfirm(pending);
      }}
    >
      <p className="rounded-lg border border-border bg-surface-2 p-3 text-sm text-text">
        {t('order.fillsAtMarket')}
        {ticker && (
          <span className="mt-1 block text-xs text-muted">
            {t('order.lastPrice', { price: formatPrice(ticker.price) })}
          </span>
        )}
      </p>
    </ConfirmDialog>
  );
}
