import { updateFourEyesSettingSchema } from '@app/shared/schemas/approvals';
import { centsToPlain, formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { Card } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { PendingSettingChange } from './ApprovalActions';
import { QueryResult } from './QueryStates';
import { SettingForm } from './SettingForm';
import { useAdminQuery } from '../hooks/useAdminQuery';

/** Four-eyes threshold: adjustments and payouts above it need a second admin (0 = every one). */
export function FourEyesSettingCard() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.fourEyes, adminApi.fourEyes);
  const rule = (cents: number) =>
    cents === 0 ? t('fourEyes.every') : t('fourEyes.above', { amount: formatUsd(cents) });
  return (
    <Card title={t('fourEyes.title')} description={t('fourEyes.description')}>
      <QueryResult query={query}>
        {({ thresholdCents }) => (
          <SettingForm<number>
            key={thresholdCents}
            initial={centsToPlain(thresholdCents)}
            label={t('fourEyes.label')}
            hint={t('fourEyes.current', { rule: rule(thresholdCents) })}
            parse={(text) => {
              const parsed = updateFourEyesSettingSchema.safeParse({ threshold: text });
              return parsed.success
                ? { value: parsed.data.threshold }
                : { error: translateMessage(parsed.error.issues[0]?.message ?? '') };
            }}
            confirmation={(cents) => ({
              title: t('fourEyes.confirmTitle'),
              description: t('fourEyes.confirmBody', { rule: rule(cents) }),
            })}
            save={(cents) => adminApi.updateFourEyes(centsToPlain(cents))}
            messages={{
              success: t('toasts.fourEyesSaved'),
              failure: t('toasts.fourEyesSaveFailed'),
            }}
          />
        )}
      </QueryResult>
      <PendingSettingChange setting="four_eyes_threshold_cents" />
    </Card>
  );
}
