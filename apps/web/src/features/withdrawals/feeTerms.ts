import { formatUsd } from '@app/shared/money';
import { isFreeWithdrawal } from '@app/shared/withdrawal-fee';
import type { TFunction } from 'i18next';

/** A method's withdrawal fee as a person reads it: "1.5% + $2.50", "10%", "$1.00", "No fee". */
export function feeTermsText(
  t: TFunction<'withdrawals'>,
  terms: { feePct: string; feeFixedCents: number },
): string {
  const { feePct: pct, feeFixedCents } = terms;
  if (isFreeWithdrawal({ pct, fixedCents: feeFixedCents })) return t('terms.none');
  const fixed = formatUsd(feeFixedCents);
  if (feeFixedCents === 0) return t('terms.pct', { pct });
  if (Number(pct) === 0) return t('terms.fixed', { fixed });
  return t('terms.both', { pct, fixed });
}
