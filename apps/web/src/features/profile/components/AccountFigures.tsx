import { formatUsd } from '@app/shared/money';
import type { AccountSummary } from '@app/shared/schemas/account';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowUpRightIcon, Button, ChartIcon, SparkIcon, WalletIcon } from '../../../ui';
import { useAccountSummary } from '../../account/api';

interface Figure {
  key: string;
  label: string;
  value: (summary: AccountSummary) => string;
  icon: typeof WalletIcon;
  to: string;
}

/**
 * Available Balance, Profit, Bonus and the amount on hold for pending withdrawals (as the
 * dashboard shows it, not a count of requests), all from the ledger (GET /api/account/summary).
 * Each links to where the figure comes from.
 */
export function AccountFigures() {
  const { t } = useTranslation('profile');
  const summary = useAccountSummary();
  const figures: Figure[] = [
    {
      key: 'available',
      label: t('figures.available'),
      value: (s) => formatUsd(s.availableCents),
      icon: WalletIcon,
      to: '/transactions',
    },
    {
      key: 'profit',
      label: t('figures.profit'),
      value: (s) => formatUsd(s.totalProfitCents),
      icon: ChartIcon,
      to: '/transactions',
    },
    {
      key: 'bonus',
      label: t('figures.bonus'),
      value: (s) => formatUsd(s.totalBonusCents),
      icon: SparkIcon,
      to: '/referrals',
    },
    {
      key: 'pending',
      label: t('figures.pendingWithdrawals'),
      value: (s) => formatUsd(s.heldCents),
      icon: ArrowUpRightIcon,
      to: '/transactions',
    },
  ];

  return (
    <section aria-labelledby="account-figures-title">
      <h2 id="account-figures-title" className="sr-only">
        {t('figures.title')}
      </h2>
      {summary.isError && !summary.data && (
        <div
          role="alert"
          className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          {t('figures.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void summary.refetch()}>
            {t('figures.retry')}
          </Button>
        </div>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {figures.map(({ key, label, value, icon: Icon, to }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-muted sm:p-5"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-xs font-medium text-muted sm:text-sm">{label}</span>
                <Icon aria-hidden="true" className="shrink-0 text-brand-strong" />
              </span>
              <span className="text-lg font-semibold tracking-tight text-text tabular-nums sm:text-xl">
                {summary.data ? (
                  value(summary.data)
                ) : summary.isError ? (
                  '—'
                ) : (
                  <span className="inline-block h-6 w-20 animate-pulse rounded bg-surface-2 align-middle" />
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
