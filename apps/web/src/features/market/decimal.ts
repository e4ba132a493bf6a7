/**
 * Display helpers for decimal text from the server (prices, percentages). They work on the text
 * itself, so no float rounding ever shows; numbers are used only to draw charts.
 */

const DECIMAL = /^\s*([+-]?)(\d+)(?:\.(\d+))?\s*$/;

/** Rounds decimal text half away from zero to `decimals` places ("1.005", 2 → "1.01"). */
export function roundDecimal(text: string, decimals: number): string | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const scale = 10n ** BigInt(decimals);
  let scaled =
    BigInt(whole) * scale + BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0');
  if ((fraction[decimals] ?? '0') >= '5') scaled += 1n;
  const intPart = scaled / scale;
  const fracPart = decimals > 0 ? `.${(scaled % scale).toString().padStart(decimals, '0')}` : '';
  const negative = sign === '-' && scaled !== 0n;
  return `${negative ? '-' : ''}${intPart}${fracPart}`;
}

/** Adds thousands separators to the whole part of plain decimal text. */
export function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A price for display: 2 decimals from 10 up, 4 below ("67,412.50", "2.2974"). */
export function formatPrice(text: string): string {
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const decimals = (match[2] ?? '0').replace(/^0+/, '').length <= 1 ? 4 : 2;
  const rounded = roundDecimal(text, decimals);
  return rounded === null ? text : groupThousands(rounded);
}

/**
 * Decimal text for display: rounded half away from zero to `decimals` places and grouped
 * ("79,735.61", "1.0833"). Every figure of the record pages goes through this family, so a number
 * is never shown raw beside its formatted twin, and a minus is always "-".
 */
export function formatDecimal(text: string, decimals: number): string {
  const rounded = roundDecimal(text, decimals);
  return rounded === null ? text : groupThousands(rounded);
}

/** Up to `decimals` places with trailing zeros dropped, grouped ("0.00001234", "2", "1,500.5"). */
export function formatTrimmed(text: string, decimals: number): string {
  const rounded = roundDecimal(text, decimals);
  if (rounded === null) return text;
  return groupThousands(rounded.includes('.') ? rounded.replace(/\.?0+$/, '') : rounded);
}

/**
 * What one strategy unit (about a dollar) holds of an instrument: 10 decimals, trailing zeros
 * trimmed, so 25 % of a unit in BTC reads 0.0000026596 rather than 0.000003. The one format of a
 * quantity per unit: the trader's desk, the public order log and every fill.
 */
export function formatQuantityPerUnit(text: string): string {
  return formatTrimmed(text, 10);
}

/**
 * A copy's units: up to 8 decimals, as the server counts them, trailing zeros trimmed and grouped
 * ("2,199.87995198", "100,000"). The one format of units: the desk's size, the add/remove dialogs
 * and their explanation.
 */
export function formatUnits(text: string): string {
  return formatTrimmed(text, 8);
}

/** "+0.1000", "-0.0083", "0.0000": a signed figure (what is flat at `decimals` has no sign). */
export function formatSignedDecimal(text: string, decimals: number): string {
  const rounded = roundDecimal(text, decimals);
  if (rounded === null) return text;
  const grouped = groupThousands(rounded);
  return rounded.startsWith('-') || /^0(\.0*)?$/.test(rounded) ? grouped : `+${grouped}`;
}

/** "25.03%": a share or a size (a weight, a win rate, a volatility), 2 decimals, no "+". */
export function formatPct(text: string): string {
  return `${formatDecimal(text, 2)}%`;
}

/** "1,234": a count (copiers, positions closed, days). */
export function formatCount(count: number): string {
  return groupThousands(String(Math.trunc(count)));
}

/**
 * "+1.84%", "-0.92%", "0.00%": a percentage with its sign and 2 decimals, rounded half away from
 * zero on the decimal text itself (a return, a change, a drawdown's size).
 */
export function formatSignedPct(text: string): string {
  if (roundDecimal(text, 2) === null) return `${text}%`;
  return `${formatSignedDecimal(text, 2)}%`;
}

/**
 * The sign of decimal text as it is shown with 2 decimals (a percentage by formatSignedPct, an
 * amount in dollars): what rounds to 0.00 is flat, so it is never coloured as a gain or a loss.
 */
export function signAsShown(text: string): -1 | 0 | 1 {
  const rounded = roundDecimal(text, 2);
  if (rounded === null || rounded === '0.00') return 0;
  return rounded.startsWith('-') ? -1 : 1;
}
