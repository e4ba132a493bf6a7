import {
  createPaymentMethodSchema,
  updatePaymentMethodSchema,
  type PaymentMethod,
} from '@app/shared/schemas/payment-methods';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips, TextField } from '../../../ui';
import { adminApi } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, firstIssuePerField, FormModal } from './DialogForm';

type Kind = PaymentMethod['kind'];
const TEXT_FIELDS = [
  'name',
  'network',
  'address',
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'referenceInstructions',
] as const;
type TextKey = (typeof TEXT_FIELDS)[number];
type Values = Record<TextKey, string>;

const FIELDS_BY_KIND: Record<Kind, readonly TextKey[]> = {
  crypto: ['name', 'network', 'address'],
  bank: ['name', 'bankName', 'accountName', 'accountNumber', 'swiftCode', 'referenceInstructions'],
};
const OPTIONAL: readonly TextKey[] = ['swiftCode', 'referenceInstructions'];

function initialValues(method: PaymentMethod | null): Values {
  return Object.fromEntries(TEXT_FIELDS.map((key) => [key, method?.[key] ?? ''])) as Values;
}

/** Add or edit a deposit method: crypto (name, network, address) or bank account details. */
export function PaymentMethodDialog({
  method,
  open,
  onOpenChange,
}: {
  /** null adds a new one. */
  method: PaymentMethod | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
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

function MethodForm({ method, onClose }: { method: PaymentMethod | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [kind, setKind] = useState<Kind>(method?.kind ?? 'crypto');
  const [values, setValues] = useState<Values>(() => initialValues(method));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const fields = FIELDS_BY_KIND[kind];

  const mutation = useAdminMutation({
    mutationFn: (body: Record<string, string>) =>
      method
        ? adminApi.updatePaymentMethod(method.id, body)
        : adminApi.createPaymentMethod({ kind, ...body } as Parameters<
            typeof adminApi.createPaymentMethod
          >[0]),
    messages: () => ({
      success: t('toasts.methodSaved'),
      failure: t('toasts.methodSaveFailed'),
      waiting: t('toasts.methodAwaitingApproval'),
    }),
    onSuccess: onClose,
  });

  function submit() {
    const body = Object.fromEntries(
      fields
        .map((key) => [key, values[key].trim()] as const)
        .filter(([key, value]) => value !== '' || !OPTIONAL.includes(key) || method),
    );
    const parsed = method
      ? updatePaymentMethodSchema.safeParse(body)
      : createPaymentMethodSchema.safeParse({ kind, ...body });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues, TEXT_FIELDS));
      return;
    }
    setErrors({});
    mutation.mutate(body);
  }

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
          value={values[key]}
          error={errors[key]}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            const value = event.target.value;
            setValues((v) => ({ ...v, [key]: value }));
          }}
        />
      ))}
      <DialogFormFooter onCancel={onClose} pending={mutation.isPending} />
    </DialogForm>
  );
}
