import { formatUsd } from '@app/shared/money';
import type { AccountSummary } from '@app/shared/schemas/account';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowUpRightIcon, Button, ChartIcon, SparkIcon, WalletIcon } from '../../../ui';
import { useAccountSummary } from '../../account/api';

interface Figure {
  /** Its label is `figures.<key>`. */
  key: string;
  /** The amount it shows, from the account summary. */
  cents: keyof AccountSummary;
  Icon: typeof WalletIcon;
  /** Where the figure comes from. */
  to: string;
}

const FIGURES = [
  { key: 'available', cents: 'availableCents', Icon: WalletIcon, to: '/transactions' },
  { key: 'profit', cents: 'totalProfitCents', Icon: ChartIcon, to: '/transactions' },
  { key: 'bonus', cents: 'totalBonusCents', Icon: SparkIcon, to: '/referrals' },
  { key: 'pendingWithdrawals', cents: 'heldCents', Icon: ArrowUpRightIcon, to: '/transactions' },
] as const satisfies readonly Figure[];

/**
 * Available Balance, Profit, Bonus and the amount on hold for pending withdrawals (as the
 * dashboard shows it, not a count of requests), all from the ledger (GET /api/account/summary).
 * Each links to where the figure comes from.
 */
export function AccountFigures() {
  const { t } = useTranslation('profile');
  const summary = useAccountSummary('real');

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
        {FIGURES.map(({ key, cents, Icon, to }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-muted sm:p-5"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-xs font-medium text-muted sm:text-sm">
                  {t(`figures.${key}`)}
                </span>
                <Icon aria-hidden="true" className="shrink-0 text-brand-strong" />
              </span>
              <span className="text-lg font-semibold tracking-tight text-text tabular-nums sm:text-xl">
                {summary.data ? (
                  formatUsd(summary.data[cents])
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
