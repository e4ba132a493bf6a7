import {
  traderFeeBoundsInputSchema,
  type TraderFeeBoundsInput,
} from '@app/shared/schemas/lead-traders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldError } from '../../../lib/requestErrors';
import { Card, TextField } from '../../../ui';
import { adminApi, adminKeys, waitsForApproval, type TraderFeeBounds } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { PendingSettingChange } from './ApprovalActions';
import { QueryResult } from './QueryStates';
import { ConfirmedSave } from './SettingForm';
import { mutateAndReport } from '../../../lib/mutation';
import { useAdminQuery } from '../hooks/useAdminQuery';

const FIELDS = ['feeMinPct', 'feeMaxPct'] as const;

/**
 * The operator's bounds on lead traders' performance fees: the lowest and highest fee a trader
 * (or an admin creating a strategy for one) may set. Checked by the shared schema here and on the
 * server; a change applies to fees set from now on (a strategy keeps the fee it has).
 */
export function TraderFeeBoundsCard() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.traderFees, adminApi.traderFees);
  return (
    <Card title={t('traderFees.title')} description={t('traderFees.description')}>
      <QueryResult query={query}>
        {(current) => (
          <BoundsForm key={`${current.feeMinPct}-${current.feeMaxPct}`} current={current} />
        )}
      </QueryResult>
      <PendingSettingChange setting="trader_fee_bounds" />
    </Card>
  );
}

/** The typed bounds, checked by the schema, and the request that saves the confirmed ones. */
function useBoundsForm(current: TraderFeeBounds) {
  const { t } = useTranslation('admin');
  const [confirming, setConfirming] = useState<TraderFeeBoundsInput | null>(null);
  const form = useForm<TraderFeeBoundsInput>({
    resolver: zodResolver(traderFeeBoundsInputSchema, undefined, { raw: true }),
    defaultValues: current,
  });
  const mutation = useAdminMutation({
    mutationFn: (bounds: TraderFeeBoundsInput) => adminApi.updateTraderFees(bounds),
    messages: {
      success: t('toasts.traderFeesSaved'),
      failure: t('toasts.traderFeesSaveFailed'),
      waiting: t('toasts.settingAwaitingApproval'),
    },
    onSuccess: (result) => {
      setConfirming(null);
      // Waiting for a second admin: the fields go back to the bounds still in force.
      if (waitsForApproval(result)) form.reset(current);
    },
  });
  const review = form.handleSubmit((values) => {
    mutation.reset();
    setConfirming({ feeMinPct: values.feeMinPct.trim(), feeMaxPct: values.feeMaxPct.trim() });
  });
  function save(bounds: TraderFeeBoundsInput) {
    mutateAndReport(mutation, bounds, {
      onError: (error) => {
        setConfirming(null);
        applyFieldError(error, form.setError, FIELDS);
      },
    });
  }
  return { form, confirming, setConfirming, review, save, saving: mutation.isPending };
}

function BoundsForm({ current }: { current: TraderFeeBounds }) {
  const { t } = useTranslation('admin');
  const { form, confirming, setConfirming, review, save, saving } = useBoundsForm(current);
  const { errors } = form.formState;
  const field = (key: (typeof FIELDS)[number], label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      error={errors[key]?.message}
      hint={t('traderFees.current', { pct: current[key] })}
      className="sm:w-48"
      {...form.register(key)}
    />
  );
  return (
    <form
      noValidate
      aria-label={t('traderFees.title')}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => void review(event)}
    >
      {field('feeMinPct', t('traderFees.min'))}
      {field('feeMaxPct', t('traderFees.max'))}
      <ConfirmedSave
        confirmation={
          confirming && {
            title: t('traderFees.confirmTitle', {
              min: confirming.feeMinPct,
              max: confirming.feeMaxPct,
            }),
            description: t('traderFees.confirmBody'),
          }
        }
        busy={saving}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && save(confirming)}
      />
    </form>
  );
}
