import { formatUsd } from '@app/shared/money';
import { TAKE_PROFIT_PCT } from '@app/shared/trade-rules';

/** "+$12.34", "-$5.00", "$0.00": a profit or loss with its sign written out. */
export function formatSignedUsd(cents: number): string {
  if (cents > 0) return `+${formatUsd(cents)}`;
  return formatUsd(cents);
}

/** "+1.23%", "-0.40%", "0.00%" from the server's 2-decimal ROI text. */
export function formatRoi(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return `${trimmed}%`;
  if (/^\+?0*(\.0*)?$/.test(trimmed)) return `${trimmed.replace(/^\+/, '')}%`;
  return `${trimmed.startsWith('+') ? '' : '+'}${trimmed}%`;
}

/** The values at which the stop-loss and the take-profit close the trade: the shared rules' own. */
export { stopLossValueCents, takeProfitValueCents } from '@app/shared/trade-rules';

/** A typed take-profit: a whole percentage within its bounds, or null. */
export function parseTakeProfitPct(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const pct = Number(text);
  return pct >= TAKE_PROFIT_PCT.min && pct <= TAKE_PROFIT_PCT.max ? pct : null;
}
