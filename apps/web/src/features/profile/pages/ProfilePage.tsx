import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { Card } from '../../../ui';
import { AccountDetailsCard } from '../components/AccountDetailsCard';
import { ActiveSessions } from '../components/ActiveSessions';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { EmailVerification } from '../components/EmailVerification';
import { TwoFactorSettings } from '../components/TwoFactorSettings';

/** /profile: account details and the Security section. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <AccountDetailsCard user={user} />
      <Card title={t('security.title')} description={t('security.description')}>
        <EmailVerification user={user} />
        <ChangePasswordForm />
        <TwoFactorSettings user={user} />
        <ActiveSessions />
      </Card>
    </div>
  );
}
