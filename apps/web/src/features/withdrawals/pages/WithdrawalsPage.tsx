import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import { Card } from '../../../ui';
import { accountSummaryQuery } from '../../account/api';
import { BankWithdrawalForm } from '../components/BankWithdrawalForm';
import { CryptoWithdrawalForm } from '../components/CryptoWithdrawalForm';
import { WithdrawalSuccessDialog } from '../components/WithdrawalSuccessDialog';

const TABS = ['bank', 'crypto'] as const;
type Tab = (typeof TABS)[number];

/**
 * /withdrawals: Bank Transfer and Crypto Currency tabs (`?tab=`), each a form confirmed in a
 * dialog that shows the fee; the success modal follows `?isSuccess=true&amount=`.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation('withdrawals');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  // Money can always leave (docs/product.md principle 4): an account that is not, or no longer,
  // active still withdraws what it holds; only deposits and new trades wait for activation.
  const summary = useQuery({ ...accountSummaryQuery, enabled: Boolean(user) });
  if (!user) return null;

  const requested = params.get('tab');
  const tab: Tab = TABS.find((name) => name === requested) ?? 'bank';
  const availableCents = summary.data?.availableCents;

  function selectTab(value: string) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  function showSuccess(amount: string, transactionId: string) {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('isSuccess', 'true');
      next.set('amount', amount);
      next.set('tx', transactionId);
      return next;
    });
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
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

      <Card>
        <Tabs.Root value={tab} onValueChange={selectTab}>
          <Tabs.List
            aria-label={t('tabs.label')}
            className="mb-6 grid grid-cols-2 gap-1 rounded-xl border border-border bg-surface-2 p-1"
          >
            {TABS.map((name) => (
              <Tabs.Trigger
                key={name}
                value={name}
                className="h-10 rounded-lg text-sm font-medium text-muted transition-colors hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow"
              >
                {t(`tabs.${name}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="bank" className="outline-none">
            <BankWithdrawalForm
              availableCents={availableCents}
              accountName={user.name}
              onSent={showSuccess}
            />
          </Tabs.Content>
          <Tabs.Content value="crypto" className="outline-none">
            <CryptoWithdrawalForm availableCents={availableCents} onSent={showSuccess} />
          </Tabs.Content>
        </Tabs.Root>
      </Card>
      <WithdrawalSuccessDialog />
    </div>
  );
}
