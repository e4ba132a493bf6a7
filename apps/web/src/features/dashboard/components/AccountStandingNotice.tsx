import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Me } from '@app/shared/schemas/auth';
import { accountStanding } from '@app/shared/standing';
import { buttonClasses, ShieldIcon } from '../../../ui';
import { myVerificationQuery } from '../../verification/api';

/**
 * Above the dashboard while the account is not active: why deposits and new trades wait, never
 * instead of the money. A new account is told what activates it: our team's review, or, when the
 * operator requires verification (`verificationRequired`), the approval of its verification. No
 * time is promised: nothing in the install enforces one. A deactivated account is told that its
 * money stays visible and can always be taken out.
 */
export function AccountStandingNotice({ user }: { user: Pick<Me, 'isActive' | 'activatedAt'> }) {
  const { t } = useTranslation('dashboard');
  const standing = accountStanding(user);
  const verification = useQuery({ ...myVerificationQuery, enabled: standing === 'new' });
  if (standing === 'active') return null;
  const body = standing === 'new' && verification.data?.required ? 'bodyVerify' : 'body';
  return (
    <section
      aria-labelledby="account-standing-title"
      className="flex flex-col gap-3 rounded-xl border border-warning/30 bg-warning/5 p-4 sm:flex-row sm:items-center sm:gap-4"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-warning/10 text-warning ring-1 ring-warning/30">
        <ShieldIcon width={20} height={20} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="account-standing-title" className="font-semibold text-text">
          {t(`standing.${standing}.title`)}
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-muted">
          {t(`standing.${standing}.${body}`)}
        </p>
      </div>
      <Link to="/support" className={buttonClasses('secondary', 'md')}>
        {t('standing.contactSupport')}
      </Link>
    </section>
  );
}
