import { centsToPlain } from '@app/shared/money';
import {
  PAYMENT_DETAIL_FIELDS,
  WITHDRAWAL_FEE_FIELDS,
  createPaymentMethodSchema,
  updatePaymentMethodSchema,
  type PaymentMethod,
} from '@app/shared/schemas/payment-methods';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips, TextField } from '../../../ui';
import { adminApi } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, FormModal, type ModalState } from './DialogForm';
import { firstIssuePerField } from './firstIssuePerField';
import { RailSelect } from './paymentMethods/RailSelect';

type Kind = PaymentMethod['kind'];
/** The withdrawal fee: a percentage and a flat fee in USD, for payouts by the method. */
const FEE_FIELDS = WITHDRAWAL_FEE_FIELDS;
const TEXT_FIELDS = [
  'name',
  ...PAYMENT_DETAIL_FIELDS,
  'referenceInstructions',
  ...FEE_FIELDS,
] as const;
type TextKey = (typeof TEXT_FIELDS)[number];
type Values = Record<TextKey, string>;

const FIELDS_BY_KIND: Record<Kind, readonly TextKey[]> = {
  crypto: ['name', 'network', 'address'],
  bank: ['name', 'bankName', 'accountName', 'accountNumber', 'swiftCode', 'referenceInstructions'],
};
/** A crypto method's rail (chosen in RailSelect, not typed): sent with the crypto fields. */
const RAIL_FIELDS = ['railNetwork', 'railToken'] as const;
const OPTIONAL: readonly TextKey[] = ['swiftCode', 'referenceInstructions', ...RAIL_FIELDS];

function initialValues(method: PaymentMethod | null): Values {
  const details = Object.fromEntries(
    TEXT_FIELDS.filter((key) => !(FEE_FIELDS as readonly string[]).includes(key)).map((key) => [
      key,
      method?.[key as Exclude<TextKey, (typeof FEE_FIELDS)[number]>] ?? '',
    ]),
  );
  return {
    ...details,
    withdrawalFeePct: method?.withdrawalFeePct ?? '0',
    withdrawalFeeFixed: centsToPlain(method?.withdrawalFeeFixedCents ?? 0),
  } as Values;
}

/**
 * Add or edit a payment method: crypto (name, network, address) or bank account details, and the
 * withdrawal fee for payouts by it (a percentage and/or a flat fee; a higher one waits for a
 * second admin).
 */
export function PaymentMethodDialog({
  method,
  ...modal
}: ModalState & {
  /** null adds a new one. */
  method: PaymentMethod | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      {...modal}
      title={
        method
          ? t('paymentMethods.formTitleEdit', { name: method.name })
          : t('paymentMethods.formTitleNew')
      }
    >
      {(close) => <MethodForm method={method} onClose={close} />}
    </FormModal>
  );
}

/** The method's kind, values and errors, and its submit (an edit sends only what changed). */
function useMethodForm(method: PaymentMethod | null, onClose: () => void) {
  const { t } = useTranslation('admin');
  const [kind, setKind] = useState<Kind>(method?.kind ?? 'crypto');
  const [initial] = useState<Values>(() => initialValues(method));
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const fields = FIELDS_BY_KIND[kind];

  const mutation = useAdminMutation({
    mutationFn: (body: Record<string, string>) =>
      method
        ? adminApi.updatePaymentMethod(method.id, body)
        : adminApi.createPaymentMethod({ kind, ...body } as Parameters<
            typeof adminApi.createPaymentMethod
          >[0]),
    messages: {
      success: t('toasts.methodSaved'),
      failure: t('toasts.methodSaveFailed'),
      waiting: t('toasts.methodAwaitingApproval'),
    },
    onSuccess: onClose,
  });

  function submit() {
    const body = Object.fromEntries(
      [...fields, ...(kind === 'crypto' ? RAIL_FIELDS : []), ...FEE_FIELDS]
        .map((key) => [key, values[key].trim()] as const)
        .filter(([key, value]) => value !== '' || !OPTIONAL.includes(key) || method)
        // An edit sends only what changed: a new name or a lower fee applies at once, and only
        // new payment details or a higher fee wait for a second admin.
        .filter(([key, value]) => !method || value !== initial[key].trim()),
    );
    const parsed = method
      ? updatePaymentMethodSchema.safeParse(body)
      : createPaymentMethodSchema.safeParse({ kind, ...body });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues, TEXT_FIELDS));
      return;
    }
    setErrors({});
    if (method && Object.keys(body).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(body);
  }

  const setValue = (key: TextKey, value: string) => setValues((v) => ({ ...v, [key]: value }));
  return { kind, setKind, fields, values, errors, setValue, submit, pending: mutation.isPending };
}

interface FieldsProps {
  values: Values;
  errors: Partial<Values>;
  setValue: (key: TextKey, value: string) => void;
}

function MethodForm({ method, onClose }: { method: PaymentMethod | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const { kind, setKind, fields, submit, pending, ...inputs } = useMethodForm(method, onClose);
  return (
    <DialogForm id={formId} onSubmit={submit}>
      {!method && (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{t('paymentMethods.kind')}</span>
          <FilterChips
            label={t('paymentMethods.kind')}
            value={kind}
            onChange={setKind}
            options={(['crypto', 'bank'] as const).map((value) => ({
              value,
              label: t(`paymentMethods.kinds.${value}`),
            }))}
          />
        </div>
      )}
      {fields.map((key) => (
        <TextField
          key={key}
          label={t(`paymentMethods.${key}`)}
          optional={OPTIONAL.includes(key)}
          value={inputs.values[key]}
          error={inputs.errors[key]}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => inputs.setValue(key, event.target.value)}
        />
      ))}
      {kind === 'crypto' && (
        <RailSelect
          value={{ railNetwork: inputs.values.railNetwork, railToken: inputs.values.railToken }}
          error={inputs.errors.railNetwork ?? inputs.errors.railToken}
          onChange={(rail) => {
            inputs.setValue('railNetwork', rail.railNetwork);
            inputs.setValue('railToken', rail.railToken);
          }}
        />
      )}
      <FeeFieldset {...inputs} />
      <DialogFormFooter onCancel={onClose} pending={pending} />
    </DialogForm>
  );
}

/** The withdrawal fee for payouts by the method: a percentage and a flat fee. */
function FeeFieldset({ values, errors, setValue }: FieldsProps) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t('paymentMethods.feeLegend')}</legend>
      <p className="text-xs text-muted">{t('paymentMethods.feeHint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FEE_FIELDS.map((key) => (
          <TextField
            key={key}
            label={t(`paymentMethods.${key}`)}
            inputMode="decimal"
            value={values[key]}
            error={errors[key]}
            autoComplete="off"
            endAdornment={
              <span className="pr-3 text-sm text-muted">
                {key === 'withdrawalFeePct' ? '%' : 'USD'}
              </span>
            }
            onChange={(event) => setValue(key, event.target.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}
