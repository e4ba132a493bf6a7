import { formatUsd } from '@app/shared/money';
import { isFreeWithdrawal } from '@app/shared/withdrawal-fee';
import type { TFunction } from 'i18next';

/**
 * A method's withdrawal fee as a person reads it: "1.5% + $2.50", "10%", "$1.00 per withdrawal",
 * "No fee". Its words are in `common` (always loaded): the admin's payment methods page shows them
 * too, and loads no `withdrawals` texts.
 */
export function feeTermsText(
  t: TFunction<'withdrawals'> | TFunction<'admin'>,
  terms: { feePct: string; feeFixedCents: number },
): string {
  const { feePct: pct, feeFixedCents } = terms;
  if (isFreeWithdrawal({ pct, fixedCents: feeFixedCents }))
    return t('withdrawalFeeTerms.none', { ns: 'common' });
  const fixed = formatUsd(feeFixedCents);
  if (feeFixedCents === 0) return t('withdrawalFeeTerms.pct', { ns: 'common', pct });
  if (Number(pct) === 0) return t('withdrawalFeeTerms.fixed', { ns: 'common', fixed });
  return t('withdrawalFeeTerms.both', { ns: 'common', pct, fixed });
}
