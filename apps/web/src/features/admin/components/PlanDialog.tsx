import { centsToPlain, formatUsd } from '@app/shared/money';
import {
  createPlanSchema,
  planTermsProblem,
  updatePlanSchema,
  type AdminPlan,
} from '@app/shared/schemas/plans';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { renderError } from '../../../lib/errors';
import { TextField, inputClasses } from '../../../ui';
import { adminApi, type AdminStrategy } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, FormModal, type ModalState } from './DialogForm';
import { firstIssuePerField } from './firstIssuePerField';
import { LabelledField } from './LabelledField';

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
  ...modal
}: ModalState & { plan: AdminPlan | null; strategies: AdminStrategy[] }) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      {...modal}
      title={plan ? t('plans.formTitleEdit', { title: plan.title }) : t('plans.formTitleNew')}
    >
      {(close) => <PlanForm plan={plan} strategies={strategies} onClose={close} />}
    </FormModal>
  );
}

interface PlanFormProps {
  plan: AdminPlan | null;
  strategies: AdminStrategy[];
  onClose: () => void;
}

type Errors = Partial<Record<FieldKey, string>>;
type SetValue = <K extends keyof Values>(key: K, value: Values[K]) => void;

/** The strategy's terms a plan breaks, if any: the server checks the same rule when it saves. */
function termsProblemOf(
  chosen: AdminStrategy | undefined,
  linking: boolean,
  minCents: number | undefined,
  performanceFeePct: string | undefined,
): Errors | null {
  if (!chosen?.terms) return null;
  const problem = planTermsProblem(
    { linking, minCents, performanceFeePct },
    {
      minCopyCents: chosen.terms.minCopyCents,
      performanceFeePct: chosen.terms.performanceFeePct ?? null,
      retired: chosen.terms.retired,
    },
  );
  if (!problem) return null;
  return { [problem.field]: renderError<typeof problem.code>(problem.code, problem.params) };
}

/** The plan form's values and errors, and its submit: schema, then the strategy's terms. */
function usePlanForm({ plan, strategies, onClose }: PlanFormProps) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<Values>(() => initialValues(plan));
  const [errors, setErrors] = useState<Errors>({});
  // The strategy's terms the plan must agree with: its minimum copy amount, its lead trader's
  // fee (which every plan offering it charges: the plan sets none then), and whether it retired.
  const chosen = strategies.find((strategy) => strategy.id === values.strategyId);
  const strategyFee = chosen?.terms?.performanceFeePct ?? null;

  const mutation = useAdminMutation({
    mutationFn: (body: Record<string, unknown>) =>
      plan ? adminApi.updatePlan(plan.id, body) : adminApi.createPlan(body as never),
    messages: { success: t('toasts.planSaved'), failure: t('toasts.planSaveFailed') },
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
    const linking = values.strategyId !== (plan?.strategyId ?? '');
    const problem = termsProblemOf(chosen, linking, parsed.data.min, body.performanceFeePct);
    setErrors(problem ?? {});
    if (!problem) mutation.mutate(body);
  }

  const setValue: SetValue = (key, value) => setValues((v) => ({ ...v, [key]: value }));
  return { values, errors, chosen, strategyFee, setValue, submit, pending: mutation.isPending };
}

function PlanForm(props: PlanFormProps) {
  const { t } = useTranslation('admin');
  const { values, errors, chosen, strategyFee, setValue, submit, pending } = usePlanForm(props);
  const field = (key: FieldKey, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField
      label={t(`plans.${key}`)}
      value={values[key]}
      error={errors[key]}
      autoComplete="off"
      onChange={(event) => setValue(key, event.target.value)}
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
          <FeeFromStrategy fee={strategyFee} />
        )}
      </div>
      <StrategySelect
        plan={props.plan}
        strategies={props.strategies}
        value={values.strategyId}
        error={errors.strategyId}
        onChange={(strategyId) => setValue('strategyId', strategyId)}
      />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        {field('sortOrder', { inputMode: 'numeric' })}
        <FeaturedCheckbox
          checked={values.recommended}
          onChange={(recommended) => setValue('recommended', recommended)}
        />
      </div>
      <DialogFormFooter onCancel={props.onClose} pending={pending} />
    </DialogForm>
  );
}

/** A strategy with a fee: every plan offering it charges that fee, so the plan shows it. */
function FeeFromStrategy({ fee }: { fee: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-1.5" data-testid="plan-fee-from-strategy">
      <span className="text-sm font-medium">{t('plans.performanceFeePct')}</span>
      <span className="text-sm tabular-nums">{fee}%</span>
      <span className="text-xs text-muted">{t('plans.feeFromStrategy')}</span>
    </div>
  );
}

function StrategySelect({
  plan,
  strategies,
  value,
  error,
  onChange,
}: {
  plan: AdminPlan | null;
  strategies: AdminStrategy[];
  value: string;
  error: string | undefined;
  onChange: (strategyId: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <LabelledField id={id} label={t('plans.strategy')} error={error}>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} ${error ? 'border-danger' : 'border-border'}`}
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
    </LabelledField>
  );
}

function FeaturedCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        checked={checked}
        aria-describedby="plan-featured-hint"
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-brand)]"
      />
      <span>
        {t('plans.featuredLabel')}
        <span id="plan-featured-hint" className="mt-0.5 block text-xs text-muted">
          {t('plans.featuredHint')}
        </span>
      </span>
    </label>
  );
}
