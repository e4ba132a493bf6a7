import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../ui';
import { AuthFooterLink, AuthLayout } from '../components/AuthLayout';

/**
 * Where closing one's account ends (/account-closed): that it is closed, and what became of the
 * money and the data, instead of a bare sign-in page. An account closes only once it is empty
 * (no money available, no open trade, nothing pending), so there is no money left to speak of.
 */
export function AccountClosedPage() {
  const { t } = useTranslation('auth');
  // How long the ledger history is kept, from the profile's closure answer (absent on a reload).
  const years = (useLocation().state as { ledgerRetentionYears?: unknown } | null)
    ?.ledgerRetentionYears;
  return (
    <AuthLayout
      title={t('accountClosed.title')}
      footer={<AuthFooterLink to="/contact">{t('accountClosed.contact')}</AuthFooterLink>}
    >
      <div className="flex flex-col gap-4 text-sm text-muted">
        <p>{t('accountClosed.confirmation')}</p>
        <p>{t('accountClosed.money')}</p>
        <p>
          {typeof years === 'number'
            ? t('accountClosed.dataYears', { years })
            : t('accountClosed.data')}
        </p>
        <Link to="/" className={buttonClasses('primary', 'lg', true)}>
          {t('accountClosed.home')}
        </Link>
      </div>
    </AuthLayout>
  );
}
