import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import { withSearchParam } from '../../../lib/searchParams';
import { Card } from '../../../ui';
import { AccountDetailsCard } from '../components/AccountDetailsCard';
import { AccountFigures } from '../components/AccountFigures';
import { ActiveSessions } from '../components/ActiveSessions';
import { ApiTokensCard } from '../components/ApiTokens';
import { LinkedProviders } from '../components/LinkedProviders';
import { ActivityLog } from '../components/ActivityLog';
import { AvatarUploadModal } from '../components/AvatarUploadModal';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { CloseAccountCard } from '../components/CloseAccountCard';
import { DataExportCard } from '../components/DataExportCard';
import { EmailVerification } from '../components/EmailVerification';
import { ProfileActions } from '../components/ProfileActions';
import { TwoFactorSettings } from '../components/TwoFactorSettings';
import { UpdateInformationForm } from '../components/UpdateInformationForm';
import { NotificationPreferencesCard } from '../../notifications/components/NotificationPreferencesCard';
import { TraderApplicationCard } from '../../trader/components/TraderApplicationCard';
import { AppropriatenessStatusCard } from '../../verification/components/AppropriatenessStatus';
import { VerificationStatusCard } from '../../verification/components/VerificationStatus';

const DIALOG_PARAM = 'dialog';

/**
 * /profile (and /admin/profile): details with avatar and referral link, the account's figures,
 * Update Information, Actions, the Security section and the notification settings. The 'Profile Image' dialog is URL state
 * (?dialog=avatar), so Back closes it.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const avatarOpen = searchParams.get(DIALOG_PARAM) === 'avatar';

  function setAvatarOpen(open: boolean) {
    setSearchParams((current) => withSearchParam(current, DIALOG_PARAM, open ? 'avatar' : null), {
      replace: !open,
    });
  }

  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <AccountDetailsCard user={user} onEditAvatar={() => setAvatarOpen(true)} />
      {!user.isAdmin && <VerificationStatusCard />}
      {!user.isAdmin && <AppropriatenessStatusCard />}
      <AccountFigures />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <UpdateInformationForm user={user} />
        </div>
        <ProfileActions user={user} />
      </div>
      {!user.isAdmin && <TraderApplicationCard />}
      <Card title={t('security.title')} description={t('security.description')}>
        <EmailVerification user={user} />
        <ChangePasswordForm />
        <TwoFactorSettings user={user} />
        <LinkedProviders />
        <ActiveSessions />
        <ActivityLog />
      </Card>
      <ApiTokensCard />
      <NotificationPreferencesCard />
      <DataExportCard />
      {!user.isAdmin && <CloseAccountCard />}
      <AvatarUploadModal user={user} open={avatarOpen} onOpenChange={setAvatarOpen} />
    </div>
  );
}
