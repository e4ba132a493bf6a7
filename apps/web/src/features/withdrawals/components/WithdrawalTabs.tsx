import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_TABS, type WithdrawalTab } from '../hooks/useWithdrawalsParams';
import { BankWithdrawalForm } from './BankWithdrawalForm';
import { CryptoWithdrawalForm } from './CryptoWithdrawalForm';

/** The Bank Transfer and Crypto Currency tabs, each with its withdrawal form. */
export function WithdrawalTabs({
  tab,
  onTabChange,
  availableCents,
  accountName,
  onSent,
}: {
  tab: WithdrawalTab;
  onTabChange: (value: string) => void;
  availableCents: number | undefined;
  /** The account holder's name, which the bank transfer must be in. */
  accountName: string;
  onSent: (amount: string, transactionId: string) => void;
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <Tabs.Root value={tab} onValueChange={onTabChange}>
      <Tabs.List
        aria-label={t('tabs.label')}
        className="mb-6 grid grid-cols-2 gap-1 rounded-xl border border-border bg-surface-2 p-1"
      >
        {WITHDRAWAL_TABS.map((name) => (
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
          accountName={accountName}
          onSent={onSent}
        />
      </Tabs.Content>
      <Tabs.Content value="crypto" className="outline-none">
        <CryptoWithdrawalForm availableCents={availableCents} onSent={onSent} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
