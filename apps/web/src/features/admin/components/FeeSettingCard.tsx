import { updateFeeScheduleSchema } from '@app/shared/schemas/money';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { PendingSettingChange } from './ApprovalActions';
import { QueryResult } from './QueryStates';
import { SettingForm } from './SettingForm';

/** The withdrawal fee (% kept from each payout, shown to users before they confirm). */
export function FeeSettingCard() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.fees,
    queryFn: ({ signal }) => adminApi.fees(signal),
  });
  return (
    <Card title={t('fees.title')} description={t('fees.description')}>
      <QueryResult query={query}>
        {({ withdrawalFeePct: current }) => (
          <SettingForm<string>
            key={current}
            initial={current}
            label={t('fees.label')}
            hint={t('fees.current', { pct: current })}
            parse={(text) => {
              const parsed = updateFeeScheduleSchema.safeParse({ withdrawalFeePct: text });
              return parsed.success
                ? { value: parsed.data.withdrawalFeePct }
                : { error: parsed.error.issues[0]?.message };
            }}
            confirmation={(pct) => ({
              title: t('fees.confirmTitle', { pct }),
              description: t('fees.confirmBody'),
            })}
            save={(pct) => adminApi.updateFees(pct)}
            messages={{ success: t('toasts.feeSaved'), failure: t('toasts.feeSaveFailed') }}
          />
        )}
      </QueryResult>
      <PendingSettingChange setting="withdrawal_fee_pct" />
    </Card>
  );
}
