import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui';
import { bankFormSchema } from '../schemas';
import { AmountField } from './AmountField';
import { useWithdrawalForm, type WithdrawalFormProps } from '../hooks/useWithdrawalForm';
import { WithdrawalFormFrame } from './WithdrawalFormFrame';

const FIELDS = [
  'accountNumber',
  'accountName',
  'bankName',
  'swiftCode',
  'routingNumber',
  'amount',
] as const;
type Field = (typeof FIELDS)[number];

/** Bank Transfer Details: the payout account and the amount; confirmed in a dialog. */
export function BankWithdrawalForm({
  accountName,
  ...props
}: WithdrawalFormProps & { accountName: string }) {
  const { t } = useTranslation('withdrawals');
  const defaults = {
    method: 'bank' as const,
    accountNumber: '',
    accountName,
    bankName: '',
    swiftCode: '',
    routingNumber: '',
    amount: '',
  };
  const { register, errors, submitWith, amountField, dialog } = useWithdrawalForm(props, {
    schemaFor: bankFormSchema,
    defaults,
    fields: FIELDS,
  });

  const submit = submitWith((values) => ({
    methodId: null,
    destination: [
      { label: t('fields.bankName'), value: values.bankName },
      { label: t('fields.accountName'), value: values.accountName },
      { label: t('fields.accountNumber'), value: values.accountNumber },
      { label: t('fields.swiftCode'), value: values.swiftCode },
      { label: t('fields.routingNumber'), value: values.routingNumber },
    ],
  }));

  const text = (name: Exclude<Field, 'amount'>, autoComplete = 'off') => (
    <TextField
      label={t(`fields.${name}`)}
      autoComplete={autoComplete}
      spellCheck={false}
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <WithdrawalFormFrame title={t('bank.title')} onSubmit={submit} dialog={dialog}>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('accountNumber')}
        {text('accountName', 'name')}
        {text('bankName')}
        {text('swiftCode')}
        {text('routingNumber')}
      </div>
      <AmountField {...amountField} methodId={null} />
    </WithdrawalFormFrame>
  );
}
