import { formatUsd } from '@app/shared/money';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';

/** US-dollar stablecoins: one token is one dollar, so the amount to send is the USD amount. */
const STABLECOINS: readonly { symbol: string; names: RegExp }[] = [
  { symbol: 'USDT', names: /\b(usdt|tether)\b/i },
  { symbol: 'USDC', names: /\b(usdc|usd coin)\b/i },
  { symbol: 'DAI', names: /\bdai\b/i },
];

/**
 * What the payment page tells the user to send. A stablecoin method: exactly the USD amount in the
 * token ("250.00 USDT"). Any other coin has no fixed dollar amount (its price moves), so the page
 * says to send that coin worth the USD amount instead of "exactly the amount below".
 */
export type AmountToSend =
  | { kind: 'fiat'; usd: string }
  | { kind: 'stablecoin'; token: string; tokenAmount: string; usd: string }
  | { kind: 'coinWorth'; coin: string; usd: string };

export function amountToSend(
  method: Pick<PaymentMethod, 'kind' | 'name' | 'network'>,
  cents: number,
): AmountToSend {
  const usd = formatUsd(cents);
  if (method.kind !== 'crypto') return { kind: 'fiat', usd };
  const label = `${method.name} ${method.network ?? ''}`;
  const stable = STABLECOINS.find((coin) => coin.names.test(label));
  if (!stable) return { kind: 'coinWorth', coin: method.name, usd };
  // "$1,234.50" → "1,234.50": the same digits, in the token.
  return { kind: 'stablecoin', token: stable.symbol, tokenAmount: usd.replace('$', ''), usd };
}
