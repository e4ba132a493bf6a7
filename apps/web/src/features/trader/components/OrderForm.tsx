import { MARKET_SYMBOLS, type MarketSymbol } from '@app/shared/schemas/market';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Card, ConfirmDialog, inputClasses, TextField } from '../../../ui';
import { tickersQuery } from '../../market/api';
import { formatPrice } from '../../market/decimal';
import { usePlaceOrder, type TraderStrategy } from '../api';
import { formatQuantityPerUnit } from '../../market/decimal';
import { fillChange, orderRefusal } from '../orderRules';
import { renderError } from '../../../lib/errors';
import { rule } from '@app/shared/rules';
import { mutateAndReport } from '../../../lib/mutation';

type Side = 'long' | 'short';
interface OrderValues {
  symbol: MarketSymbol;
  side: Side;
  targetWeight: string;
}

const WEIGHT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
const WEIGHT_MESSAGE = rule('TARGET_WEIGHT_RANGE');

/**
 * A lead trader's order: instrument, long or short, and the target weight of the strategy's
 * equity (0 closes). Review refuses on the field what the desk can already tell (closing what is
 * not held; growing a retired strategy: orderRefusal) before the confirmation, which says it
 * fills at the market price the server reads at that instant; there is no price field. Server
 * refusals (weights over 100 %) land on the field; the toast says what was filled.
 */
export function OrderForm({ strategy }: { strategy: TraderStrategy }) {
  const { t } = useTranslation('trader');
  const sideName = useId();
  const symbolId = useId();
  const [pending, setPending] = useState<OrderValues | null>(null);
  const tickers = useQuery({ ...tickersQuery, refetchInterval: 5_000 });
  // The instruments of the strategy's terms, plus any it still holds (a position can be closed).
  const instruments = MARKET_SYMBOLS.filter(
    (item) =>
      (strategy.strategy.terms?.instruments ?? MARKET_SYMBOLS).includes(item) ||
      strategy.positions.some((position) => position.symbol === item),
  );
  const form = useForm<OrderValues>({
    defaultValues: { symbol: instruments[0] ?? 'BTCUSDT', side: 'long', targetWeight: '' },
  });
  const order = usePlaceOrder();
  const side = useWatch({ control: form.control, name: 'side' });
  const symbol = useWatch({ control: form.control, name: 'symbol' });
  const held = strategy.positions.find((position) => position.symbol === symbol);
  const ticker = tickers.data?.tickers.find((item) => item.symbol === pending?.symbol);
  // Weight 0 closes what is held, whichever direction is selected (the server does the same).
  const pendingHeld = strategy.positions.find((position) => position.symbol === pending?.symbol);

  const submit = form.handleSubmit((values) => {
    const weight = values.targetWeight.trim();
    if (!WEIGHT_PATTERN.test(weight) || Number(weight) > 100) {
      form.setError('targetWeight', { message: WEIGHT_MESSAGE }, { shouldFocus: true });
      return;
    }
    // What the server would refuse and the desk can already tell: said here, before the dialog.
    const refused = orderRefusal(strategy, { ...values, targetWeight: weight });
    if (refused) {
      const message = renderError(refused.code, { symbol: refused.symbol });
      form.setError('targetWeight', { message }, { shouldFocus: true });
      return;
    }
    setPending({ ...values, targetWeight: weight });
  });

  function place(values: OrderValues) {
    mutateAndReport(order, values, {
      onSuccess: (result) => {
        toast.success(t('order.filled'), {
          description: result.filled
            .map((fill) =>
              t(`order.fill.${fillChange(fill, strategy, result)}`, {
                symbol: fill.symbol,
                side: t(`side.${fill.side}`),
                quantity: formatQuantityPerUnit(fill.quantityDelta.replace(/^-/, '')),
                price: formatPrice(fill.price),
              }),
            )
            .join('; '),
        });
        setPending(null);
        form.reset({ ...values, targetWeight: '' });
      },
      onError: (error) => {
        setPending(null);
        if (error instanceof ApiRequestError && error.field && error.status < 500) {
          const field = (['symbol', 'side', 'targetWeight'] as const).find(
            (f) => f === error.field,
          );
          if (field) {
            form.setError(field, { message: error.message }, { shouldFocus: true });
            return;
          }
        }
        toast.error(t('order.failed'), { description: errorMessage(error) });
      },
    });
  }

  return (
    <Card title={t('order.title')} description={t('order.description')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={symbolId} className="text-sm font-medium text-text">
            {t('order.instrument')}
          </label>
          <select
            id={symbolId}
            className={clsx(inputClasses, 'border-border')}
            {...form.register('symbol')}
          >
            {instruments.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
          <p className="text-xs text-muted">
            {held
              ? t('order.held', { side: t(`side.${held.side}`), weight: held.weightPct })
              : t('order.notHeld')}
          </p>
        </div>
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
        <Button type="submit" fullWidth loading={order.isPending}>
          {t('order.review')}
        </Button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={t('order.confirmTitle')}
        description={
          pending
            ? Number(pending.targetWeight) === 0
              ? pendingHeld
                ? t('order.confirmCloseHeld', {
                    symbol: pending.symbol,
                    side: t(`side.${pendingHeld.side}`),
                    weight: pendingHeld.weightPct,
                  })
                : t('order.confirmClose', { symbol: pending.symbol })
              : t('order.confirmBody', {
                  symbol: pending.symbol,
                  side: t(`side.${pending.side}`),
                  weight: pending.targetWeight,
                })
            : undefined
        }
        confirmLabel={t('order.place')}
        cancelLabel={t('order.cancel')}
        busy={order.isPending}
        onConfirm={() => {
          if (pending) place(pending);
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
    </Card>
  );
}
