import { useSearchParams } from 'react-router';

export const WITHDRAWAL_TABS = ['bank', 'crypto'] as const;
export type WithdrawalTab = (typeof WITHDRAWAL_TABS)[number];

/**
 * /withdrawals' state in its URL: the open tab (`?tab=`, bank unless crypto) and the success
 * modal after a request (`?isSuccess=true&amount=&tx=`).
 */
export function useWithdrawalsParams() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: WithdrawalTab = WITHDRAWAL_TABS.find((name) => name === requested) ?? 'bank';

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

  return { tab, selectTab, showSuccess };
}
