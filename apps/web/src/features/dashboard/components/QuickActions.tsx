import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowUpRightIcon, buttonClasses, WalletIcon } from '../../../ui';

/** Deposit and Withdraw, side by side on every width; Withdraw alone while deposits wait. */
export function QuickActions({ canDeposit }: { canDeposit: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className={canDeposit ? 'grid grid-cols-2 gap-3 sm:flex' : 'flex'}>
      {canDeposit && (
        <Link to="/deposits" className={buttonClasses('primary', 'lg')}>
          <WalletIcon />
          {t('actions.deposit')}
        </Link>
      )}
      <Link to="/withdrawals" className={buttonClasses('secondary', 'lg')}>
        <ArrowUpRightIcon />
        {t('actions.withdraw')}
      </Link>
    </div>
  );
}
