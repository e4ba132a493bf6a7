import { formatUsd } from '@app/shared/money';
import type { AccountSummary } from '@app/shared/schemas/account';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The money available to withdraw (and held), with a link to the fee schedule. */
export function WithdrawalBalance({ summary }: { summary: UseQueryResult<AccountSummary> }) {
  const { t } = useTranslation('withdrawals');
  return (
    <section
      aria-label={t('balance.label')}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="text-sm text-muted">{t('balance.available')}</p>
        <p className="mt-1 text-2xl font-semibold text-text tabular-nums" data-testid="available">
          {summary.isPending ? (
            <span className="inline-block h-7 w-32 animate-pulse rounded bg-surface-2" />
          ) : summary.isError ? (
            <span className="text-base font-normal text-danger">{t('balance.error')}</span>
          ) : (
            formatUsd(summary.data.availableCents)
          )}
        </p>
        {summary.data && summary.data.heldCents > 0 && (
          <p className="mt-1 text-xs text-muted">
            {t('balance.held', { amount: formatUsd(summary.data.heldCents) })}
          </p>
        )}
      </div>
      <Link
        to="/withdrawals/fee"
        className="text-sm text-brand-strong underline-offset-4 hover:underline"
      >
        {t('balance.feeSchedule')}
      </Link>
    </section>
  );
}
