import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui';
import { adminApi, adminKeys, type VerificationQueueStatus } from '../api';
import { AppropriatenessSettingsCard, QuestionnaireCard } from '../components/AppropriatenessCards';
import { PendingSettingChange } from '../components/ApprovalActions';
import { PageIntro } from '../components/QueryStates';
import { ReviewQueueList, useReviewQueue } from '../components/StatusFilter';
import { SettingCheckbox } from '../components/SettingCheckbox';
import { Submission } from '../components/verifications/Submission';
import { useAdminQuery } from '../hooks/useAdminQuery';

/** The queue's statuses, in the filter's order; the first is shown by default. */
const STATUSES: readonly [VerificationQueueStatus, ...VerificationQueueStatus[]] = [
  'submitted',
  'rejected',
  'approved',
];
/**
 * /admin/verifications: the account review queue (issue 21). Each submission shows its details
 * beside its documents (images inline, PDFs as a link, all through the audited admin route); the
 * admin approves (the account is activated) or rejects with a reason and, optionally, the document
 * to upload again. The setting above decides whether the bare Activate needs an approval.
 */
export function VerificationsPage() {
  const { t } = useTranslation('admin');
  const queue = useReviewQueue(STATUSES, adminKeys.verifications, adminApi.listVerifications);

  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('verifications.intro')}</PageIntro>
      <div className="grid gap-5 lg:grid-cols-2">
        <VerificationSettingCard />
        <AppropriatenessSettingsCard />
      </div>
      <QuestionnaireCard />
      <ReviewQueueList section="verifications" queue={queue} items={(data) => data.verifications}>
        {(verifications) => (
          <ul className="flex flex-col gap-5" aria-label={t('titles.verifications')}>
            {verifications.map((verification) => (
              <li key={verification.id}>
                <Submission verification={verification} />
              </li>
            ))}
          </ul>
        )}
      </ReviewQueueList>
    </div>
  );
}

function VerificationSettingCard() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.verificationSetting, adminApi.verificationSetting);
  return (
    <Card
      title={t('verifications.setting.title')}
      description={t('verifications.setting.description')}
    >
      <SettingCheckbox
        className="text-sm"
        label={t('verifications.setting.label')}
        value={query.data?.verificationRequired}
        fallback={false}
        save={(verificationRequired) =>
          adminApi.updateVerificationSetting({ verificationRequired })
        }
      />
      <PendingSettingChange setting="verification_required" />
    </Card>
  );
}
