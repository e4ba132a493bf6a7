import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { ChevronDownIcon, inputClasses, TextField } from '../../../ui';
import { paymentMethodsQuery } from '../../deposits/api';
import { DemoDetailsNotice } from '../../deposits/components/DemoDetailsNotice';
import { cryptoFormSchema } from '../schemas';
import { AmountField } from './AmountField';
import { useWithdrawalForm, type WithdrawalFormProps } from '../hooks/useWithdrawalForm';
import { WithdrawalFormFrame } from './WithdrawalFormFrame';

const FIELDS = ['methodId', 'amount', 'walletAddress'] as const;

const defaults = { method: 'crypto' as const, methodId: '', amount: '', walletAddress: '' };

/** "USDT (TRC20)": a crypto method's name with its network. */
function methodLabel(method: PaymentMethod): string {
  return method.network ? `${method.name} (${method.network})` : method.name;
}

/** Crypto Currency: which currency and network, the amount and the wallet; confirmed in a dialog. */
export function CryptoWithdrawalForm(props: WithdrawalFormProps) {
  const { t } = useTranslation('withdrawals');
  const methods = useQuery(paymentMethodsQuery);
  const cryptoMethods = (methods.data ?? []).filter((method) => method.kind === 'crypto');
  const { register, errors, control, submitWith, amountField, dialog } = useWithdrawalForm(props, {
    schemaFor: cryptoFormSchema,
    defaults,
    fields: FIELDS,
  });
  const chosenId = useWatch({ control, name: 'methodId' });
  const chosenIsDemo = cryptoMethods.some((method) => method.id === chosenId && method.isDemo);

  const submit = submitWith((values) => {
    const method = cryptoMethods.find((candidate) => candidate.id === values.methodId);
    return {
      methodId: values.methodId,
      destination: [
        {
          label: t('fields.method'),
          value: method ? methodLabel(method) : '',
        },
        { label: t('fields.walletAddress'), value: values.walletAddress },
      ],
    };
  });

  return (
    <WithdrawalFormFrame title={t('crypto.title')} onSubmit={submit} dialog={dialog}>
      <CryptoMethodSelect
        methods={cryptoMethods}
        loading={methods.isPending}
        failed={methods.isError}
        chosenIsDemo={chosenIsDemo}
        error={errors.methodId?.message}
        registration={register('methodId')}
      />
      <AmountField
        {...amountField}
        methodId={cryptoMethods.some((method) => method.id === chosenId) ? chosenId : undefined}
      />
      <TextField
        label={t('fields.walletAddress')}
        autoComplete="off"
        spellCheck={false}
        hint={t('crypto.walletHint')}
        error={errors.walletAddress?.message}
        {...register('walletAddress')}
      />
    </WithdrawalFormFrame>
  );
}

/** Which currency and network to be paid in (a demo method says its details are not real). */
function CryptoMethodSelect({
  methods,
  loading,
  failed,
  chosenIsDemo,
  error,
  registration,
}: {
  methods: readonly PaymentMethod[];
  loading: boolean;
  failed: boolean;
  chosenIsDemo: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn<'methodId'>;
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="withdrawal-method" className="text-sm font-medium text-text">
        {t('fields.method')}
      </label>
      <div className="relative">
        <select
          id="withdrawal-method"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'withdrawal-method-error' : undefined}
          className={clsx(
            inputClasses,
            'appearance-none pr-10',
            error ? 'border-danger' : 'border-border',
          )}
          {...registration}
        >
          <option value="">
            {loading ? t('crypto.loadingMethods') : t('crypto.selectMethod')}
          </option>
          {methods.map((method) => (
            <option key={method.id} value={method.id}>
              {methodLabel(method)}
              {method.isDemo ? ` · ${t('demo.option')}` : ''}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
        />
      </div>
      {failed && <p className="text-sm text-danger">{t('crypto.methodsError')}</p>}
      {chosenIsDemo && <DemoDetailsNotice use="withdrawal" />}
      {error && (
        <p id="withdrawal-method-error" className="text-sm text-danger">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}
