import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth';
import { Card } from '../../../ui';
import { accountSummaryQuery } from '../../account/api';
import { WithdrawalBalance } from '../components/WithdrawalBalance';
import { WithdrawalSuccessDialog } from '../components/WithdrawalSuccessDialog';
import { WithdrawalTabs } from '../components/WithdrawalTabs';
import { useWithdrawalsParams } from '../hooks/useWithdrawalsParams';

/**
 * /withdrawals: Bank Transfer and Crypto Currency tabs (`?tab=`), each a form confirmed in a
 * dialog that shows the fee; the success modal follows `?isSuccess=true&amount=`.
 */
export function WithdrawalsPage() {
  const { user } = useSession();
  const { tab, selectTab, showSuccess } = useWithdrawalsParams();
  // Money can always leave (docs/product.md principle 4): an account that is not, or no longer,
  // active still withdraws what it holds; only deposits and new trades wait for activation.
  const summary = useQuery({ ...accountSummaryQuery('real'), enabled: Boolean(user) });
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <WithdrawalBalance summary={summary} />
      <Card>
        <WithdrawalTabs
          tab={tab}
          onTabChange={selectTab}
          availableCents={summary.data?.availableCents}
          accountName={user.name}
          onSent={showSuccess}
        />
      </Card>
      <WithdrawalSuccessDialog />
    </div>
  );
}
