import { formatUsd } from '@app/shared/money';
import type { AccountSummary } from '@app/shared/schemas/account';
import {
  ADJUSTMENT_BUCKETS,
  MONEY_MESSAGES,
  adjustmentSchema,
  type AdjustmentBucket,
} from '@app/shared/schemas/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { newIdempotencyKey } from '../../../lib/api';
import { translateMessage } from '../../../lib/messages';
import { Button, FilterChips, TextField } from '../../../ui';
import { adminApi } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, firstIssuePerField, FormModal } from './DialogForm';

const TOASTS: Record<AdjustmentBucket, { success: string; failure: string }> = {
  balance: { success: 'toasts.balanceUpdated', failure: 'toasts.balanceFailed' },
  profit: { success: 'toasts.profitUpdated', failure: 'toasts.profitFailed' },
  bonus: { success: 'toasts.bonusUpdated', failure: 'toasts.bonusFailed' },
};

interface Draft {
  bucket: AdjustmentBucket;
  amountText: string;
  reason: string;
}

/** The user's figures an adjustment changes, as their dashboard shows them now. */
type CurrentFigures = Pick<
  AccountSummary,
  'availableCents' | 'totalProfitCents' | 'totalBonusCents'
>;

interface Reviewed {
  cents: number;
  /** One key per confirmation: a retried request books once. */
  idempotencyKey: string;
}

/**
 * Principle 1: staff never type a balance. They post an adjustment (which figure, a signed amount
 * for the balance, a required reason); the server books it in the ledger, the user sees it in
 * their transactions and it is audited. Two steps: the form, then a confirmation of exactly what
 * will be booked.
 */
export function AdjustmentDialog({
  user,
  current,
  bucket,
  open,
  onOpenChange,
}: {
  user: { id: string; name: string };
  /** The figures now (every adjustment is booked to the available balance). */
  current?: CurrentFigures | undefined;
  bucket: AdjustmentBucket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={t('adjust.title')}
      description={t('adjust.description')}
    >
      {(close) => (
        <AdjustmentForm
          user={user}
          current={current}
          initialBucket={bucket}
          onDone={close}
          onCancel={close}
        />
      )}
    </FormModal>
  );
}

function AdjustmentForm({
  user,
  current,
  initialBucket,
  onDone,
  onCancel,
}: {
  user: { id: string; name: string };
  current: CurrentFigures | undefined;
  initialBucket: AdjustmentBucket;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const [draft, setDraft] = useState<Draft>({ bucket: initialBucket, amountText: '', reason: '' });
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);

  const mutation = useAdminMutation({
    mutationFn: (input: Draft & Reviewed) =>
      adminApi.adjust(
        user.id,
        { bucket: input.bucket, amount: input.amountText.trim(), reason: input.reason.trim() },
        input.idempotencyKey,
      ),
    messages: (input) => ({
      success: t(TOASTS[input.bucket].success),
      failure: t(TOASTS[input.bucket].failure),
      waiting: t('toasts.adjustmentAwaitingApproval'),
    }),
    onSuccess: onDone,
  });

  function review() {
    const parsed = adjustmentSchema.safeParse({
      bucket: draft.bucket,
      amount: draft.amountText,
      reason: draft.reason,
    });
    const next: { amount?: string; reason?: string } = parsed.success
      ? {}
      : firstIssuePerField(parsed.error.issues, ['amount', 'reason'] as const);
    if (parsed.success && parsed.data.amount < 0 && draft.bucket !== 'balance') {
      next.amount = MONEY_MESSAGES.onlyBalanceNegative;
    }
    setErrors(next);
    if (next.amount === MONEY_MESSAGES.enterAmountFirst) toast.error(t('toasts.enterAmountFirst'));
    if (!parsed.success || next.amount || next.reason) return;
    setReviewed({ cents: parsed.data.amount, idempotencyKey: newIdempotencyKey() });
  }

  if (reviewed) {
    const bucketLabel = t(`adjust.buckets.${draft.bucket}`).toLowerCase();
    const amount = `${reviewed.cents > 0 ? '+' : ''}${formatUsd(reviewed.cents)}`;
    return (
      <div className="flex flex-col gap-4">
        <h3 className="text-base font-semibold">{t('adjust.confirmTitle')}</h3>
        <div className="rounded-xl border border-border bg-surface-2 p-4">
          <p className="text-lg font-semibold">
            {t('adjust.summary', { amount, name: user.name, bucket: bucketLabel })}
          </p>
          <p className="mt-2 text-sm break-words text-muted">
            {t('adjust.summaryReason', { reason: draft.reason.trim() })}
          </p>
          {current && (
            <p className="mt-2 text-sm text-muted" data-testid="adjust-after">
              {t('adjust.after', {
                before: formatUsd(current.availableCents),
                after: formatUsd(current.availableCents + reviewed.cents),
              })}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => setReviewed(null)}
            disabled={mutation.isPending}
          >
            {t('adjust.edit')}
          </Button>
          <Button
            autoFocus
            loading={mutation.isPending}
            onClick={() => mutation.mutate({ ...draft, ...reviewed })}
          >
            {t('adjust.confirm')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <DialogForm onSubmit={review}>
      <div className="flex flex-col gap-1.5">
        <span id={`${reasonId}-bucket`} className="text-sm font-medium">
          {t('adjust.bucket')}
        </span>
        <FilterChips
          label={t('adjust.bucket')}
          value={draft.bucket}
          onChange={(bucket) => setDraft((d) => ({ ...d, bucket }))}
          options={ADJUSTMENT_BUCKETS.map((value) => ({
            value,
            label: t(`adjust.buckets.${value}`),
          }))}
        />
      </div>
      {current && (
        <p className="text-sm text-muted" data-testid="adjust-now">
          {t(`adjust.now.${draft.bucket}`, {
            available: formatUsd(current.availableCents),
            profit: formatUsd(current.totalProfitCents),
            bonus: formatUsd(current.totalBonusCents),
          })}
        </p>
      )}
      <TextField
        label={t('adjust.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={draft.amountText}
        placeholder="0.00"
        hint={t('adjust.amountHint')}
        error={errors.amount}
        onChange={(event) => {
          const amountText = event.target.value;
          setDraft((d) => ({ ...d, amountText }));
        }}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium">
          {t('adjust.reason')}
        </label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={500}
          value={draft.reason}
          placeholder={t('adjust.reasonPlaceholder')}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          onChange={(event) => {
            const reason = event.target.value;
            setDraft((d) => ({ ...d, reason }));
          }}
          className="w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-base text-text outline-none placeholder:text-muted/80 focus-visible:border-brand-strong aria-invalid:border-danger"
        />
        {errors.reason && (
          <p id={`${reasonId}-error`} className="text-sm text-danger">
            {translateMessage(errors.reason)}
          </p>
        )}
      </div>
      <DialogFormFooter onCancel={onCancel} submitLabel={t('adjust.review')} />
    </DialogForm>
  );
}
