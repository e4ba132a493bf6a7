import { formatUsd } from '@app/shared/money';
import { OVERVIEW_TOP_STRATEGIES } from '@app/shared/schemas/overview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, DataTable, LoadingBlock, buttonClasses } from '../../../ui';
import { adminApi, adminKeys, type AdminOverview } from '../api';
import { LoadError } from '../components/QueryStates';
import { LedgerExportsCard } from '../components/LedgerExportsCard';
import { PracticeActivityCard, PracticeSettingCard } from '../components/PracticeCards';
import { VolumeChart } from '../components/VolumeChart';
import { ApiRequestError } from '../../../lib/api';
import { useAdminQuery } from '../hooks/useAdminQuery';

const PENDING_DEPOSITS = '/admin/transactions?status=pending&kind=deposit';
const PENDING_WITHDRAWALS = '/admin/transactions?status=pending&kind=withdrawal';

/**
 * One figure of a description list: the dt/dd pair stays in its group (a div, as a dl allows); with
 * `to`, the label is a link whose area covers the whole figure.
 */
function Figure({ label, value, to }: { label: ReactNode; value: ReactNode; to?: string }) {
  return (
    <div className={to ? 'relative rounded-lg hover:text-brand-strong' : undefined}>
      <dt className="text-xs text-muted">
        {to ? (
          <Link to={to} className="rounded-lg after:absolute after:inset-0">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * /admin: users, money on the platform, what waits for a decision, 30-day volumes, the strategies
 * with the most money copying them.
 */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.overview, adminApi.overview);

  if (query.isPending) return <LoadingBlock />;
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <LoadError
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          {...(missing
            ? { title: t('overview.unavailable'), hint: t('overview.unavailableHint') }
            : {})}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={PENDING_DEPOSITS} className={buttonClasses('secondary', 'sm')}>
            {t('overview.pendingDeposits')}
          </Link>
          <Link to={PENDING_WITHDRAWALS} className={buttonClasses('secondary', 'sm')}>
            {t('overview.pendingWithdrawals')}
          </Link>
        </div>
      </div>
    );
  }
  return <OverviewView overview={query.data} />;
}

function PendingCard({
  title,
  count,
  totalCents,
  to,
}: {
  title: string;
  count: number;
  totalCents: number;
  to: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={title}
      actions={
        <Link to={to} className={buttonClasses(count > 0 ? 'primary' : 'secondary', 'sm')}>
          {t('overview.review')}
        </Link>
      }
    >
      <p className="text-2xl font-semibold tabular-nums">{formatUsd(totalCents)}</p>
      <p className="mt-1 text-sm text-muted">{t('overview.pendingCount', { count })}</p>
    </Card>
  );
}

/** The seed's placeholder payment details are still offered: investors are warned until replaced. */
function DemoMethodsNotice({ names }: { names: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <section
      aria-labelledby="demo-methods-title"
      className="flex flex-col gap-3 rounded-2xl border border-warning/40 bg-warning/5 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="demo-methods-title" className="font-semibold text-warning">
          {t('overview.demoMethods.title', { count: names.length })}
        </h2>
        <p className="mt-1 text-sm text-text">
          {t('overview.demoMethods.body', { methods: names.join(', ') })}
        </p>
      </div>
      <Link to="/admin/payment-methods" className={buttonClasses('secondary', 'sm')}>
        {t('overview.demoMethods.action')}
      </Link>
    </section>
  );
}

function OverviewView({ overview }: { overview: AdminOverview }) {
  const { t } = useTranslation('admin');
  const hasVolume = overview.volumes.some((d) => d.depositsCents > 0 || d.withdrawalsCents > 0);
  return (
    <div className="flex flex-col gap-6">
      {overview.demoPaymentMethods.length > 0 && (
        <DemoMethodsNotice names={overview.demoPaymentMethods} />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <UsersCard users={overview.users} />
        <MoneyCard money={overview.money} />
      </div>
      {overview.practice && <PracticeActivityCard practice={overview.practice} />}
      <div className="grid gap-6 sm:grid-cols-2">
        <PendingCard
          title={t('overview.pendingDeposits')}
          count={overview.pending.deposits.count}
          totalCents={overview.pending.deposits.totalCents}
          to={PENDING_DEPOSITS}
        />
        <PendingCard
          title={t('overview.pendingWithdrawals')}
          count={overview.pending.withdrawals.count}
          totalCents={overview.pending.withdrawals.totalCents}
          to={PENDING_WITHDRAWALS}
        />
      </div>
      <Card title={t('overview.volumes')}>
        {hasVolume ? (
          <VolumeChart days={overview.volumes} />
        ) : (
          <p className="text-sm text-muted">{t('overview.volumesEmpty')}</p>
        )}
      </Card>
      <StrategiesCard strategies={overview.strategies} />
      <PracticeSettingCard />
      <LedgerExportsCard />
    </div>
  );
}

function UsersCard({ users }: { users: AdminOverview['users'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card title={t('overview.users')}>
      <dl className="grid grid-cols-3 gap-4">
        <Figure label={t('overview.usersTotal')} value={users.total} to="/admin/users" />
        <Figure
          label={t('overview.usersActive')}
          value={users.active}
          to="/admin/users?filter=active"
        />
        <Figure
          label={t('overview.usersPending')}
          value={users.pending}
          to="/admin/users?filter=pending"
        />
      </dl>
      <p className="mt-3 text-xs text-muted">
        {users.closed > 0
          ? t('overview.usersNoteClosed', { count: users.closed })
          : t('overview.usersNote')}
      </p>
    </Card>
  );
}

function MoneyCard({ money }: { money: AdminOverview['money'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card title={t('overview.money')}>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label={t('overview.available')} value={formatUsd(money.availableCents)} />
        <Figure label={t('overview.invested')} value={formatUsd(money.investedCents)} />
        <Figure label={t('overview.held')} value={formatUsd(money.heldCents)} />
      </dl>
    </Card>
  );
}

/**
 * The OVERVIEW_TOP_STRATEGIES strategies with the most real money copying them (the server sends
 * no more), and the way to every strategy.
 */
function StrategiesCard({ strategies }: { strategies: AdminOverview['strategies'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={t('overview.strategies')}
      actions={
        <Link to="/admin/strategies" className={buttonClasses('secondary', 'sm')}>
          {t('overview.allStrategies')}
        </Link>
      }
    >
      {strategies.length === 0 ? (
        <p className="text-sm text-muted">{t('overview.strategiesEmpty')}</p>
      ) : (
        <>
          <p className="mb-3 text-xs text-muted">
            {t('overview.strategiesNote', { top: OVERVIEW_TOP_STRATEGIES })}
          </p>
          <DataTable
            caption={t('overview.strategies')}
            rows={strategies}
            rowKey={(s) => s.id}
            columns={[
              { key: 'name', header: t('overview.strategy'), primary: true, cell: (s) => s.name },
              {
                key: 'aum',
                header: t('overview.aum'),
                align: 'right',
                cell: (s) => <span className="tabular-nums">{formatUsd(s.aumCents)}</span>,
              },
              {
                key: 'copiers',
                header: t('overview.copiers'),
                align: 'right',
                cell: (s) => <span className="tabular-nums">{s.copiers}</span>,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
