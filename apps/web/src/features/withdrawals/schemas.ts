import {
  bankWithdrawalSchema,
  cryptoWithdrawalSchema,
  MONEY_MESSAGES,
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
} from '@app/shared/schemas/money';
import { parseUsdToCents } from '@app/shared/money';

/**
 * The withdrawal forms use the server's schemas (the seed's messages) plus one rule the browser
 * can check early: no more than the available balance ('Insufficient balance'). The server checks
 * it again under the account lock.
 */
function notAbove(availableCents: number | undefined) {
  return (cents: number) => availableCents === undefined || cents <= availableCents;
}

export function bankFormSchema(availableCents: number | undefined) {
  return bankWithdrawalSchema.extend({
    amount: bankWithdrawalSchema.shape.amount.refine(notAbove(availableCents), {
      message: MONEY_MESSAGES.insufficientBalance,
    }),
  });
}

export function cryptoFormSchema(availableCents: number | undefined) {
  return cryptoWithdrawalSchema.extend({
    amount: cryptoWithdrawalSchema.shape.amount.refine(notAbove(availableCents), {
      message: MONEY_MESSAGES.insufficientBalance,
    }),
  });
}

/** Cents of a typed amount the server would quote (in range), else null. */
export function quotableCents(text: string | undefined): number | null {
  if (!text) return null;
  const cents = parseUsdToCents(text);
  if (cents === null || cents < WITHDRAWAL_MIN_CENTS || cents > WITHDRAWAL_MAX_CENTS) return null;
  return cents;
}
