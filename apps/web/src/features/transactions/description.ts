import { formatUsd } from '@app/shared/money';
import {
  BUILT_IN_BANK_METHOD,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { TFunction } from 'i18next';

/** The translation key of a description code ("descriptions.trade_close.stop_loss"). */
function keyOf(parts: TransactionDescription): string {
  switch (parts.code) {
    case 'trade_close':
      return `descriptions.trade_close.${parts.reason}`;
    case 'adjustment':
      return `descriptions.adjustment.${parts.bucket}`;
    default:
      return `descriptions.${parts.code}`;
  }
}

/**
 * A transaction's description in the language on screen, written from the server's code and
 * parameters; the stored English sentence when there is no code (older rows) or no translation.
 * `t` is the `transactions` namespace's.
 */
export function describeTransaction(
  t: TFunction<'transactions'>,
  transaction: Pick<Transaction, 'description' | 'descriptionParts'>,
): string {
  const parts = transaction.descriptionParts;
  if (!parts) return transaction.description;
  if (parts.code === 'trade_close' && parts.amountCents !== undefined) {
    // A close says how much was the amount and how much it made or lost (after the fee).
    const { amountCents, profitCents = 0, reason, plan } = parts;
    return t(`descriptions.closeResult.${profitCents < 0 ? 'loss' : 'profit'}`, {
      closed: t(`descriptions.trade_close.${reason}`, { plan }),
      amount: formatUsd(amountCents),
      result: formatUsd(Math.abs(profitCents)),
      defaultValue: transaction.description,
    });
  }
  if (
    (parts.code === 'deposit' || parts.code === 'withdrawal') &&
    parts.method === BUILT_IN_BANK_METHOD
  ) {
    // The built-in bank method in the reader's words, as the deposit and withdrawal tabs name it;
    // an operator-named method (a crypto asset) keeps its name.
    return t(keyOf(parts), { method: t('methods.bank'), defaultValue: transaction.description });
  }
  const { code: _code, ...params } = parts;
  return t(keyOf(parts), { ...params, defaultValue: transaction.description });
}
