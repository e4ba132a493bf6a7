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
import { Button, FilterChips, TextField } from '../../../ui';
import { adminApi } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, FormModal, type ModalState } from './DialogForm';
import { firstIssuePerField } from './firstIssuePerField';
import { LabelledField, errorAria } from './LabelledField';

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
  ...modal
}: ModalState & {
  user: { id: string; name: string };
  /** The figures now (every adjustment is booked to the available balance). */
  current?: CurrentFigures | undefined;
  bucket: AdjustmentBucket;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormModal {...modal} title={t('adjust.title')} description={t('adjust.description')}>
      {(close) => (
        <AdjustmentForm user={user} current={current} initialBucket={bucket} onClose={close} />
      )}
    </FormModal>
  );
}

type User = { id: string; name: string };
type Errors = { amount?: string; reason?: string };

/** The draft, its errors, the reviewed amount and the request that books it. */
function useAdjustment(user: User, initialBucket: AdjustmentBucket, onDone: () => void) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<Draft>({ bucket: initialBucket, amountText: '', reason: '' });
  const [errors, setErrors] = useState<Errors>({});
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
    const next: Errors = parsed.success
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

  return { draft, setDraft, errors, reviewed, setReviewed, mutation, review };
}

/** The draft, then its review; `onClose` ends the dialog (booked, or cancelled). */
function AdjustmentForm({
  user,
  current,
  initialBucket,
  onClose,
}: {
  user: User;
  current: CurrentFigures | undefined;
  initialBucket: AdjustmentBucket;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { draft, setDraft, errors, reviewed, setReviewed, mutation, review } = useAdjustment(
    user,
    initialBucket,
    onClose,
  );
  if (reviewed) {
    return (
      <AdjustmentReview
        name={user.name}
        draft={draft}
        reviewed={reviewed}
        current={current}
        pending={mutation.isPending}
        onEdit={() => setReviewed(null)}
        onConfirm={() => mutation.mutate({ ...draft, ...reviewed })}
      />
    );
  }
  return (
    <DialogForm onSubmit={review}>
      <AdjustmentFields draft={draft} errors={errors} current={current} onChange={setDraft} />
      <DialogFormFooter onCancel={onClose} submitLabel={t('adjust.review')} />
    </DialogForm>
  );
}

/** The second step: exactly what will be booked, and the balance after it. */
function AdjustmentReview({
  name,
  draft,
  reviewed,
  current,
  pending,
  onEdit,
  onConfirm,
}: {
  name: string;
  draft: Draft;
  reviewed: Reviewed;
  current: CurrentFigures | undefined;
  pending: boolean;
  onEdit: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('admin');
  const bucketLabel = t(`adjust.buckets.${draft.bucket}`).toLowerCase();
  const amount = `${reviewed.cents > 0 ? '+' : ''}${formatUsd(reviewed.cents)}`;
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">{t('adjust.confirmTitle')}</h3>
      <div className="rounded-xl border border-border bg-surface-2 p-4">
        <p className="text-lg font-semibold">
          {t('adjust.summary', { amount, name, bucket: bucketLabel })}
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
        <Button variant="secondary" onClick={onEdit} disabled={pending}>
          {t('adjust.edit')}
        </Button>
        <Button autoFocus loading={pending} onClick={onConfirm}>
          {t('adjust.confirm')}
        </Button>
      </div>
    </div>
  );
}

/** The first step's fields: which figure, the figure now, the amount and the reason. */
function AdjustmentFields({
  draft,
  errors,
  current,
  onChange,
}: {
  draft: Draft;
  errors: Errors;
  current: CurrentFigures | undefined;
  onChange: (update: (draft: Draft) => Draft) => void;
}) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <span id={`${reasonId}-bucket`} className="text-sm font-medium">
          {t('adjust.bucket')}
        </span>
        <FilterChips
          label={t('adjust.bucket')}
          value={draft.bucket}
          onChange={(bucket) => onChange((d) => ({ ...d, bucket }))}
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
          onChange((d) => ({ ...d, amountText }));
        }}
      />
      <LabelledField id={reasonId} label={t('adjust.reason')} error={errors.reason}>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={500}
          value={draft.reason}
          placeholder={t('adjust.reasonPlaceholder')}
          {...errorAria(reasonId, errors.reason)}
          onChange={(event) => {
            const reason = event.target.value;
            onChange((d) => ({ ...d, reason }));
          }}
          className="w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-base text-text outline-none placeholder:text-muted/80 focus-visible:border-brand-strong aria-invalid:border-danger"
        />
      </LabelledField>
    </>
  );
}
