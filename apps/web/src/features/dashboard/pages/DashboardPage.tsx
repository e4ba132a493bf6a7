import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { useBook } from '../../../lib/book';
import { AccountOverview } from '../components/AccountOverview';
import { AccountStandingNotice } from '../components/AccountStandingNotice';
import { PracticeActions } from '../components/PracticeActions';
import { QuickActions } from '../components/QuickActions';
import { RealNextStepCard } from '../components/RealNextStepCard';
import { RecentTransactions } from '../components/RecentTransactions';
import { greetingKey } from '../lib/statusTexts';
import { LiveTradePanel } from '../../market/components/LiveTradePanel';
import { MarketTable } from '../../market/components/MarketTable';
import { OngoingTrade } from '../../trading/components/OngoingTrade';
import { AppropriatenessStatusCard } from '../../verification/components/AppropriatenessStatus';
import { VerificationStatusCard } from '../../verification/components/VerificationStatus';

/**
 * /dashboard. Money figures (balance, return, totals) on top; then, in seed order, the Ongoing
 * Trade beside the Crypto Currency Market (wide screens), the Live Trade chart and the latest
 * transactions. Figures come from the server; prices from the same feed as the trades. An account
 * that is not active sees all of it too, below a notice saying why deposits and new trades wait:
 * its money is never hidden, and it can always close its trade and withdraw. With the practice
 * account shown (issue 42) the same screen shows its virtual money: no deposit or withdrawal, a
 * way to start again, and the real account's next step one click away.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const practising = useBook() === 'practice';
  // The greeting's clock, read once per visit to the page (a render stays pure).
  const [openedAt] = useState(() => Date.now());
  if (!user) return null;

  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="flex flex-col gap-6">
      {practising ? (
        <RealNextStepCard user={user} />
      ) : (
        <>
          <AccountStandingNotice user={user} />
          {!user.isAdmin && <VerificationStatusCard />}
          {!user.isAdmin && <AppropriatenessStatusCard />}
        </>
      )}
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-text">
            {t(greetingKey(user.createdAt, openedAt), { name: firstName })}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {t(practising ? 'practice.greetingSub' : 'greetingSub')}
          </p>
        </div>
        {practising ? <PracticeActions /> : <QuickActions canDeposit={user.isActive} />}
      </section>
      <AccountOverview />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <OngoingTrade />
        <MarketTable />
      </div>
      <LiveTradePanel />
      <RecentTransactions />
    </div>
  );
}
