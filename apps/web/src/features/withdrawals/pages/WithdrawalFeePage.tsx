import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/requestErrors';
import { useSession } from '../../../lib/auth';
import { appConfig } from '../../../lib/config';
import { ArrowLeftIcon, Card, ErrorState, LoadingBlock } from '../../../ui';
import { feeScheduleQuery, withdrawalQuoteQuery } from '../api';

/** An example withdrawal for the schedule: $100.00. */
const EXAMPLE_CENTS = 10_000;

/**
 * /withdrawals/fee: the public fee schedule (in the public layout, readable before signing up). The
 * fee comes out of the payout; nothing is paid in.
 */
export function WithdrawalFeePage() {
  const { t } = useTranslation('withdrawals');
  const fees = useQuery(feeScheduleQuery);
  const example = useQuery(withdrawalQuoteQuery(EXAMPLE_CENTS));
  const { user } = useSession();

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
            <p className="text-4xl font-semibold text-text tabular-nums">
              {fees.data.withdrawalFeePct}%
            </p>
            <p className="text-text">
              {Number(fees.data.withdrawalFeePct) === 0
                ? t('fee.free', { brand: appConfig.brandName })
                : t('fee.statement', { pct: fees.data.withdrawalFeePct })}
            </p>
            <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted marker:text-brand">
              <li>{t('fee.point.deducted')}</li>
              <li>{t('fee.point.neverPaidIn')}</li>
              <li>{t('fee.point.rounding', { pct: fees.data.withdrawalFeePct })}</li>
              <li>{t('fee.point.shownFirst')}</li>
            </ul>
            {example.data && (
              <div className="rounded-xl border border-border bg-surface-2 p-4 text-sm">
                <p className="mb-2 font-medium text-text">{t('fee.example.title')}</p>
                <dl className="flex flex-col gap-1.5">
                  <div className="flex justify-between gap-4">
                    <dt className="text-muted">{t('fee.example.withdraw')}</dt>
                    <dd className="tabular-nums">{formatUsd(example.data.amountCents)}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-muted">{t('fee.example.fee')}</dt>
                    <dd className="tabular-nums">−{formatUsd(example.data.feeCents)}</dd>
                  </div>
                  <div className="flex justify-between gap-4 border-t border-border pt-1.5 font-medium">
                    <dt>{t('fee.example.receive')}</dt>
                    <dd className="text-brand-strong tabular-nums">
                      {formatUsd(example.data.netCents)}
                    </dd>
                  </div>
                </dl>
              </div>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
