import { accountStanding } from '@app/shared/standing';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import { useBook } from '../../../lib/book';
import { accountSummaryQuery } from '../../account/api';
import type { PublicPlan } from '../../public/api';
import { openTradesQuery } from '../../trading/api';
import { useOwnStrategyId } from '../../trader/api';
import { investIntentOf } from '../../verification/api';

/**
 * What an investor's /plans needs besides the plans, in the book shown (real, or the practice
 * account's virtual money): the account's standing and available money,
 * the open trades (one per plan), which plans copy the user's own strategy, and the invest intent
 * kept through the appropriateness check.
 */
export function useInvestorPlans() {
  const { user } = useSession();
  const book = useBook();
  const summary = useQuery({ ...accountSummaryQuery(book), enabled: Boolean(user) });
  const trades = useQuery({ ...openTradesQuery(book), enabled: Boolean(user) });
  const standing = user ? accountStanding(user) : 'new';
  // A new account waits for activation; a deactivated one is told its money can still leave.
  const notice: 'deactivated' | 'inactive' =
    standing === 'deactivated' ? 'deactivated' : 'inactive';
  const openTrades = trades.data ?? [];
  const heldTrades = new Map(openTrades.map((open) => [open.planId, open]));
  const ownStrategyId = useOwnStrategyId();
  const isOwn = (plan: PublicPlan) => ownStrategyId !== null && plan.strategy?.id === ownStrategyId;

  // ?plan=…&amount=… (back from the appropriateness check): that plan's confirmation again, with
  // the amount kept; dropped from the URL once in the field, so a reload does not reopen it.
  const [searchParams, setSearchParams] = useSearchParams();
  const intent = investIntentOf(searchParams);
  const resumed = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('amount');
        return next;
      },
      { replace: true },
    );

  // Practice (issue 42) needs no review, check or deposit: any account that opened it may copy.
  const practising = book === 'practice';
  return {
    practising,
    active: practising || standing === 'active',
    notice,
    openTrades,
    heldTrades,
    availableCents: summary.data?.availableCents,
    isOwn,
    intent,
    resumed,
  };
}
