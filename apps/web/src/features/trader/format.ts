import { groupThousands, roundDecimal } from '../market/decimal';

/** "$12,345.67" / "-$12.30" from decimal USD text (the strategy's cash, equity and P&L). */
export function formatUsdText(text: string): string {
  const rounded = roundDecimal(text, 2);
  if (rounded === null) return text;
  const negative = rounded.startsWith('-');
  return `${negative ? '-' : ''}$${groupThousands(negative ? rounded.slice(1) : rounded)}`;
}

/** Signed P&L: "+$1.20", "-$3.40", "$0.00". */
export function formatSignedUsdText(text: string): string {
  const formatted = formatUsdText(text);
  return /^\$0\.00$/.test(formatted) || formatted.startsWith('-') ? formatted : `+${formatted}`;
}

/** A quantity with up to 6 decimals, trailing zeros trimmed. */
export function formatQuantity(text: string): string {
  const rounded = roundDecimal(text, 6);
  if (rounded === null) return text;
  return groupThousands(rounded.replace(/\.?0+$/, ''));
}
