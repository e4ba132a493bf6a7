import type { FeeSchedule } from '@app/shared/schemas/money';
import { formatUsd } from '@app/shared/money';
import { isFreeWithdrawal, quoteWithdrawalFee } from '@app/shared/withdrawal-fee';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/requestErrors';
import { useSession } from '../../../lib/auth';
import { appConfig } from '../../../lib/config';
import { ArrowLeftIcon, Card, ErrorState, LoadingBlock } from '../../../ui';
import { feeScheduleQuery } from '../api';
import { feeTermsText } from '../feeTerms';

/** An example withdrawal for the schedule: $100.00. */
const EXAMPLE_CENTS = 10_000n;

/**
 * /withdrawals/fee: the public fee schedule, per payout method (in the public layout, readable
 * before signing up). The fee comes out of the payout; nothing is paid in. Each example is worked
 * out by the same shared rule the server books with.
 */
export function WithdrawalFeePage() {
  const { t } = useTranslation('withdrawals');
  const fees = useQuery(feeScheduleQuery);
  const { user } = useSession();
  const methods = fees.data?.methods ?? [];
  const allFree = methods.every((method) =>
    isFreeWithdrawal({ pct: method.feePct, fixedCents: method.feeFixedCents }),
  );

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      {user && (
        <Link
          to="/withdrawals"
          className="inline-flex items-center gap-2 self-start rounded-md text-sm text-muted hover:text-text"
        >
          <ArrowLeftIcon />
          {t('fee.back')}
        </Link>
      )}
      <Card titleLevel={1} title={<span className="text-lg">{t('fee.heading')}</span>}>
        {fees.isPending ? (
          <LoadingBlock />
        ) : fees.isError ? (
          <ErrorState
            title={t('fee.error')}
            description={errorMessage(fees.error)}
            onRetry={() => void fees.refetch()}
            retryLabel={t('confirm.retry')}
          />
        ) : (
          <div className="flex flex-col gap-5">
            <p className="text-text">
              {allFree ? t('fee.free', { brand: appConfig.brandName }) : t('fee.perMethod')}
            </p>
            {methods.length > 0 && <FeeScheduleTable methods={methods} />}
            <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted marker:text-brand">
              <li>{t('fee.point.deducted')}</li>
              <li>{t('fee.point.neverPaidIn')}</li>
              <li>{t('fee.point.rounding')}</li>
              <li>{t('fee.point.shownFirst')}</li>
            </ul>
          </div>
        )}
      </Card>
    </div>
  );
}

/** Each payout method's fee terms, with what a payout of EXAMPLE_CENTS leaves. */
function FeeScheduleTable({ methods }: { methods: FeeSchedule['methods'] }) {
  const { t } = useTranslation('withdrawals');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('fee.caption')}</caption>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted">
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('fee.columns.method')}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('fee.columns.fee')}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {t('fee.columns.example', { amount: formatUsd(EXAMPLE_CENTS) })}
          </th>
        </tr>
      </thead>
      <tbody>
        {methods.map((method) => {
          const example = quoteWithdrawalFee(EXAMPLE_CENTS, {
            pct: method.feePct,
            fixedCents: method.feeFixedCents,
          });
          return (
            <tr key={method.methodId} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-text">
                {method.label}
              </th>
              <td className="py-2 pr-3 text-text tabular-nums" data-testid="fee-terms">
                {feeTermsText(t, method)}
              </td>
              <td className="py-2 text-right text-brand-strong tabular-nums">
                {example.netCents > 0n ? formatUsd(example.netCents) : '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
