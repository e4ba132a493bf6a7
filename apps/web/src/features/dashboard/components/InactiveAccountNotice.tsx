import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, Card, ShieldIcon } from '../../../ui';

/** Shown instead of the dashboard until an admin activates the account. */
export function InactiveAccountNotice() {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="mx-auto max-w-xl text-center">
      <div className="flex flex-col items-center gap-4 py-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-warning/10 text-warning ring-1 ring-warning/30">
          <ShieldIcon width={28} height={28} />
        </span>
        <h2 className="text-xl font-semibold text-text">{t('inactive.title')}</h2>
        <p className="max-w-md text-sm text-muted">{t('inactive.body')}</p>
        <Link to="/support" className={buttonClasses('primary', 'md')}>
          {t('inactive.contactSupport')}
        </Link>
      </div>
    </Card>
  );
}
