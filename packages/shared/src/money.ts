/**
 * Money is integer cents everywhere. Amounts typed by people are parsed exactly from text
 * (never through a float), and shown with exactly two decimals.
 */

const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Parses "1,234.5" or "1234.50" into cents; null when the text is not a plain amount. */
export function parseUsdToCents(text: string | number): number | null {
  const raw = typeof text === 'number' ? numberToPlainText(text) : text;
  if (raw === null) return null;
  const cleaned = raw
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = AMOUNT_PATTERN.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Why `parseUsdToCents` refused an amount, so a person is told the real problem. */
export type AmountTextProblem = 'not_a_number' | 'negative' | 'too_many_decimals' | 'too_large';

/** What is wrong with a typed amount, or null when `parseUsdToCents` takes it. */
export function amountTextProblem(text: string | number): AmountTextProblem | null {
  if (parseUsdToCents(text) !== null) return null;
  if (typeof text === 'number') {
    if (!Number.isFinite(text)) return 'not_a_number';
    if (text < 0) return 'negative';
    return /\.\d{3,}$/.test(String(text)) ? 'too_many_decimals' : 'too_large';
  }
  const trimmed = text.trim();
  if (/^[-\u2212]\s*\$?\s*\d/.test(trimmed)) return 'negative';
  const cleaned = trimmed.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (/^\d*\.\d{3,}$/.test(cleaned)) return 'too_many_decimals';
  if (/^\d{13,}(\.\d{1,2})?$/.test(cleaned)) return 'too_large';
  return 'not_a_number';
}

function numberToPlainText(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // A JS number typed as 12.34 prints as "12.34"; anything needing exponent notation is absurd.
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** "$1,234.50" from 123450 cents; negative amounts keep their sign. */
export function formatUsd(cents: number | bigint): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.trunc(cents));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = abs % 100n;
  // Grouped by hand, exactly at any size: an Intl.NumberFormat would cost its first page some
  // 70 ms of a throttled phone's main thread to load currency data, for a comma every 3 digits.
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${wholeText}.${fraction.toString().padStart(2, '0')}`;
}

/**
 * "+$5.00", "-$5.00", "$0.00": an amount shown with its direction. Every signed figure uses this
 * one sign convention, formatUsd's ASCII "-" (which the percentages and decimals share), never a
 * typographic "−" typed beside a figure (issue 39: mixed minus signs).
 */
export function formatSignedUsd(cents: number | bigint): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.trunc(cents));
  return value > 0n ? `+${formatUsd(value)}` : formatUsd(value);
}

/** "1234.50" — plain two-decimal text, for inputs and payloads. */
export function centsToPlain(cents: number | bigint): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.trunc(cents));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
