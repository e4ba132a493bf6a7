import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { AccountOverview } from '../components/AccountOverview';
import { InactiveAccountNotice } from '../components/InactiveAccountNotice';
import { OngoingTradePanel } from '../components/OngoingTradePanel';
import { QuickActions } from '../components/QuickActions';
import { RecentTransactions } from '../components/RecentTransactions';

/**
 * /dashboard. Money figures (balance, return, totals) sit above the trade panel and the latest
 * transactions below it; every figure comes from GET /api/account/summary.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  if (!user) return null;
  if (!user.isActive) return <InactiveAccountNotice />;

  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-text">
            {t('greeting', { name: firstName })}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('greetingSub')}</p>
        </div>
        <QuickActions />
      </section>
      <AccountOverview />
      <OngoingTradePanel />
      <RecentTransactions />
    </div>
  );
}
