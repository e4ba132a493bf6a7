import { updateFourEyesSettingSchema } from '@app/shared/schemas/approvals';
import { centsToPlain, formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { Button, Card, ConfirmDialog, LoadingBlock, TextField } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { LoadError } from './QueryStates';

/** Four-eyes threshold: adjustments and payouts above it need a second admin (0 = every one). */
export function FourEyesSettingCard() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.fourEyes,
    queryFn: ({ signal }) => adminApi.fourEyes(signal),
  });
  return (
    <Card title={t('fourEyes.title')} description={t('fourEyes.description')}>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ThresholdForm key={query.data.thresholdCents} currentCents={query.data.thresholdCents} />
      )}
    </Card>
  );
}

function ThresholdForm({ currentCents }: { currentCents: number }) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(centsToPlain(currentCents));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const mutation = useAdminMutation({
    mutationFn: (cents: number) => adminApi.updateFourEyes(centsToPlain(cents)),
    messages: () => ({
      success: t('toasts.fourEyesSaved'),
      failure: t('toasts.fourEyesSaveFailed'),
    }),
    onSuccess: () => setConfirming(null),
  });
  const amount = (cents: number) =>
    cents === 0 ? t('fourEyes.every') : t('fourEyes.above', { amount: formatUsd(cents) });

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = updateFourEyesSettingSchema.safeParse({ threshold: value });
        if (!parsed.success) {
          setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
          return;
        }
        setError(undefined);
        mutation.reset();
        setConfirming(parsed.data.threshold);
      }}
    >
      <TextField
        label={t('fourEyes.label')}
        inputMode="decimal"
        value={value}
        error={error}
        hint={t('fourEyes.current', { rule: amount(currentCents) })}
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
          title={t('fourEyes.confirmTitle')}
          description={t('fourEyes.confirmBody', { rule: amount(confirming) })}
          confirmLabel={t('common.save')}
          cancelLabel={t('common.cancel')}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate(confirming)}
        />
      )}
    </form>
  );
}
