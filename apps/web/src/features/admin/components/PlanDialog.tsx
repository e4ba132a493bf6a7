import { centsToPlain, formatUsd } from '@app/shared/money';
import {
  createPlanSchema,
  planTermsProblem,
  updatePlanSchema,
  type AdminPlan,
} from '@app/shared/schemas/plans';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renderError } from '../../../lib/errors';
import { translateMessage } from '../../../lib/messages';
import { TextField, inputClasses } from '../../../ui';
import { adminApi, type AdminStrategy } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, firstIssuePerField, FormModal } from './DialogForm';

interface Values {
  title: string;
  min: string;
  max: string;
  termDays: string;
  strategyId: string;
  performanceFeePct: string;
  recommended: boolean;
  sortOrder: string;
}
type FieldKey = Exclude<keyof Values, 'recommended'>;
const FIELD_KEYS: readonly FieldKey[] = [
  'title',
  'min',
  'max',
  'termDays',
  'strategyId',
  'performanceFeePct',
  'sortOrder',
];

function initialValues(plan: AdminPlan | null): Values {
  return {
    title: plan?.title ?? '',
    min: plan ? centsToPlain(plan.minCents) : '',
    max: plan ? centsToPlain(plan.maxCents) : '',
    termDays: plan ? String(plan.termDays) : '',
    strategyId: plan?.strategyId ?? '',
    performanceFeePct: plan?.performanceFeePct ?? '0',
    recommended: plan?.recommended ?? false,
    sortOrder: plan ? String(plan.sortOrder) : '0',
  };
}

/** Whole numbers typed in a field; anything else is left for the schema to refuse. */
function wholeNumber(text: string): number | string {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : text;
}

/** Add or edit a plan: amounts, term, the strategy it copies, performance fee, Featured. */
export function PlanDialog({
  plan,
  strategies,
  open,
  onOpenChange,
}: {
  plan: AdminPlan | null;
  strategies: AdminStrategy[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? t('plans.formTitleEdit', { title: plan.title }) : t('plans.formTitleNew')}
    >
      {(close) => <PlanForm plan={plan} strategies={strategies} onClose={close} />}
    </FormModal>
  );
}

function PlanForm({
  plan,
  strategies,
  onClose,
}: {
  plan: AdminPlan | null;
  strategies: AdminStrategy[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const strategyFieldId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(plan));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  // The strategy's terms the plan must agree with: its minimum copy amount, its lead trader's
  // fee (which every plan offering it charges: the plan sets none then), and whether it retired.
  const chosen = strategies.find((strategy) => strategy.id === values.strategyId);
  const strategyFee = chosen?.terms?.performanceFeePct ?? null;

  const mutation = useAdminMutation({
    mutationFn: (body: Record<string, unknown>) =>
      plan ? adminApi.updatePlan(plan.id, body) : adminApi.createPlan(body as never),
    messages: () => ({ success: t('toasts.planSaved'), failure: t('toasts.planSaveFailed') }),
    onSuccess: onClose,
  });

  function submit() {
    const body = {
      title: values.title,
      min: values.min,
      max: values.max,
      termDays: wholeNumber(values.termDays),
      strategyId: values.strategyId,
      ...(strategyFee === null ? { performanceFeePct: values.performanceFeePct.trim() } : {}),
      recommended: values.recommended,
      sortOrder: wholeNumber(values.sortOrder),
    };
    const parsed = (plan ? updatePlanSchema : createPlanSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues, FIELD_KEYS));
      return;
    }
    // The server checks the same rule when it saves (planTermsProblem), naming the same field.
    const problem = chosen?.terms
      ? planTermsProblem(
          {
            linking: values.strategyId !== (plan?.strategyId ?? ''),
            minCents: parsed.data.min,
            performanceFeePct: body.performanceFeePct,
          },
          {
            minCopyCents: chosen.terms.minCopyCents,
            performanceFeePct: strategyFee,
            retired: chosen.terms.retired,
          },
        )
      : null;
    if (problem) {
      setErrors({
        [problem.field]: renderError<typeof problem.code>(problem.code, problem.params),
      });
      return;
    }
    setErrors({});
    mutation.mutate(body);
  }

  const field = (key: FieldKey, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`plans.${key}`)}
      value={values[key]}
      error={errors[key]}
      autoComplete="off"
      onChange={(event) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [key]: value }));
      }}
      {...extra}
    />
  );

  return (
    <DialogForm onSubmit={submit}>
      {field('title')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('min', {
          inputMode: 'decimal',
          hint: chosen?.terms?.minCopyCents
            ? t('plans.minHint', { min: formatUsd(chosen.terms.minCopyCents) })
            : undefined,
        })}
        {field('max', { inputMode: 'decimal' })}
        {field('termDays', { inputMode: 'numeric' })}
        {strategyFee === null ? (
          field('performanceFeePct', {
            inputMode: 'decimal',
            hint: t('plans.performanceFeeHint'),
          })
        ) : (
          <div className="flex flex-col gap-1.5" data-testid="plan-fee-from-strategy">
            <span className="text-sm font-medium">{t('plans.performanceFeePct')}</span>
            <span className="text-sm tabular-nums">{strategyFee}%</span>
            <span className="text-xs text-muted">{t('plans.feeFromStrategy')}</span>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={strategyFieldId} className="text-sm font-medium">
          {t('plans.strategy')}
        </label>
        <select
          id={strategyFieldId}
          value={values.strategyId}
          aria-invalid={errors.strategyId ? true : undefined}
          onChange={(event) => {
            const strategyId = event.target.value;
            setValues((v) => ({ ...v, strategyId }));
          }}
          className={`${inputClasses} ${errors.strategyId ? 'border-danger' : 'border-border'}`}
        >
          <option value="">{t('plans.chooseStrategy')}</option>
          {strategies.map((strategy) => (
            <option
              key={strategy.id}
              value={strategy.id}
              // A retired strategy takes no new plan (a plan already on it keeps its link).
              disabled={strategy.terms?.retired === true && strategy.id !== plan?.strategyId}
            >
              {strategy.terms?.retired
                ? t('plans.retiredStrategyOption', { name: strategy.name })
                : strategy.name}
            </option>
          ))}
        </select>
        {errors.strategyId && (
          <p className="text-sm text-danger">{translateMessage(errors.strategyId)}</p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        {field('sortOrder', { inputMode: 'numeric' })}
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={values.recommended}
            aria-describedby="plan-featured-hint"
            onChange={(event) => {
              const recommended = event.target.checked;
              setValues((v) => ({ ...v, recommended }));
            }}
            className="mt-0.5 size-4 shrink-0 accent-[var(--color-brand)]"
          />
          <span>
            {t('plans.featuredLabel')}
            <span id="plan-featured-hint" className="mt-0.5 block text-xs text-muted">
              {t('plans.featuredHint')}
            </span>
          </span>
        </label>
      </div>
      <DialogFormFooter onCancel={onClose} pending={mutation.isPending} />
    </DialogForm>
  );
}
