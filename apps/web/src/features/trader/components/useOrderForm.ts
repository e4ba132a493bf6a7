import { MARKET_SYMBOLS, type MarketSymbol } from '@app/shared/schemas/market';
import { rule } from '@app/shared/rules';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { renderError } from '../../../lib/errors';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { formatPrice, formatQuantityPerUnit } from '../../market/decimal';
import { usePlaceOrder, type TraderStrategy } from '../api';
import { fillChange, orderRefusal } from '../orderRules';

export type Side = 'long' | 'short';
export interface OrderValues {
  symbol: MarketSymbol;
  side: Side;
  targetWeight: string;
}

const WEIGHT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
const WEIGHT_MESSAGE = rule('TARGET_WEIGHT_RANGE');

/** The instruments of the strategy's terms, plus any it still holds (a position can be closed). */
export function orderInstruments(strategy: TraderStrategy): MarketSymbol[] {
  return MARKET_SYMBOLS.filter(
    (item) =>
      (strategy.strategy.terms?.instruments ?? MARKET_SYMBOLS).includes(item) ||
      strategy.positions.some((position) => position.symbol === item),
  );
}

/** Puts a server refusal on its field when it names one; returns whether it did. */
function setFieldError(form: UseFormReturn<OrderValues>, error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || !error.field || error.status >= 500) return false;
  const field = (['symbol', 'side', 'targetWeight'] as const).find((f) => f === error.field);
  if (!field) return false;
  form.setError(field, { message: error.message }, { shouldFocus: true });
  return true;
}

/**
 * The order form's state: review checks the weight and what the desk can already refuse, then
 * holds the order as `pending` until the confirmation places it.
 */
export function useOrderForm(strategy: TraderStrategy, instruments: MarketSymbol[]) {
  const { t } = useTranslation('trader');
  const [pending, setPending] = useState<OrderValues | null>(null);
  const form = useForm<OrderValues>({
    defaultValues: { symbol: instruments[0] ?? 'BTCUSDT', side: 'long', targetWeight: '' },
  });
  const order = usePlaceOrder();

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
        if (setFieldError(form, error)) return;
        toast.error(t('order.failed'), { description: errorMessage(error) });
      },
    });
  }

  return { form, submit, pending, setPending, place, placing: order.isPending };
}
