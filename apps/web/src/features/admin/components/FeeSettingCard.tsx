import { updateFeeScheduleSchema } from '@app/shared/schemas/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, ConfirmDialog, LoadingBlock, TextField } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { LoadError } from './QueryStates';

/** The withdrawal fee (% kept from each payout, shown to users before they confirm). */
export function FeeSettingCard() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.fees,
    queryFn: ({ signal }) => adminApi.fees(signal),
  });
  return (
    <Card title={t('fees.title')} description={t('fees.description')}>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <FeeForm key={query.data.withdrawalFeePct} current={query.data.withdrawalFeePct} />
      )}
    </Card>
  );
}

function FeeForm({ current }: { current: string }) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | null>(null);
  const mutation = useAdminMutation({
    mutationFn: (pct: string) => adminApi.updateFees(pct),
    messages: () => ({ success: t('toasts.feeSaved'), failure: t('toasts.feeSaveFailed') }),
    onSuccess: () => setConfirming(null),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = updateFeeScheduleSchema.safeParse({ withdrawalFeePct: value });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        mutation.reset();
        setConfirming(parsed.data.withdrawalFeePct);
      }}
    >
      <TextField
        label={t('fees.label')}
        inputMode="decimal"
        value={value}
        error={error}
        hint={t('fees.current', { pct: current })}
        onChange={(event) => setValue(event.target.value)}
        className="sm:w-56"
      />
      <Button type="submit" variant="secondary" className="sm:mt-7">
        {t('common.save')}
      </Button>
      {confirming !== null && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={t('fees.confirmTitle', { pct: confirming })}
          description={t('fees.confirmBody')}
          confirmLabel={t('common.save')}
          cancelLabel={t('common.cancel')}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate(confirming)}
        />
      )}
    </form>
  );
}
