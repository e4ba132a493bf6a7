import { centsToPlain } from '@app/shared/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { Button, ChevronDownIcon, inputClasses, TextField } from '../../../ui';
import { paymentMethodsQuery } from '../../deposits/api';
import { DemoDetailsNotice } from '../../deposits/components/DemoDetailsNotice';
import { cryptoFormSchema } from '../schemas';
import { AmountField } from './AmountField';
import type { WithdrawalFormProps } from './BankWithdrawalForm';
import { useWithdrawalConfirmation } from './ConfirmWithdrawalDialog';

const FIELDS = ['methodId', 'amount', 'walletAddress'] as const;

const defaults = { method: 'crypto' as const, methodId: '', amount: '', walletAddress: '' };

/** Crypto Currency: which currency and network, the amount and the wallet; confirmed in a dialog. */
export function CryptoWithdrawalForm({ availableCents, onSent }: WithdrawalFormProps) {
  const { t } = useTranslation('withdrawals');
  const methods = useQuery(paymentMethodsQuery);
  const cryptoMethods = (methods.data ?? []).filter((method) => method.kind === 'crypto');
  const schema = useMemo(() => cryptoFormSchema(availableCents), [availableCents]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: defaults });
  const amountText = useWatch({ control, name: 'amount' });
  const chosenId = useWatch({ control, name: 'methodId' });
  const chosenIsDemo = cryptoMethods.some((method) => method.id === chosenId && method.isDemo);
  const { confirm, dialog } = useWithdrawalConfirmation({
    fields: FIELDS,
    setError,
    reset: () => reset(defaults),
    onSent,
  });

  const submit = handleSubmit((values) => {
    const method = cryptoMethods.find((candidate) => candidate.id === values.methodId);
    confirm({
      body: { ...values, amount: centsToPlain(values.amount) },
      amountCents: values.amount,
      methodId: values.methodId,
      destination: [
        {
          label: t('fields.method'),
          value: method ? `${method.name}${method.network ? ` (${method.network})` : ''}` : '',
        },
        { label: t('fields.walletAddress'), value: values.walletAddress },
      ],
    });
  });

  const methodError = errors.methodId?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <h3 className="text-base font-semibold text-text">{t('crypto.title')}</h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="withdrawal-method" className="text-sm font-medium text-text">
          {t('fields.method')}
        </label>
        <div className="relative">
          <select
            id="withdrawal-method"
            aria-invalid={methodError ? true : undefined}
            aria-describedby={methodError ? 'withdrawal-method-error' : undefined}
            className={clsx(
              inputClasses,
              'appearance-none pr-10',
              methodError ? 'border-danger' : 'border-border',
            )}
            {...register('methodId')}
          >
            <option value="">
              {methods.isPending ? t('crypto.loadingMethods') : t('crypto.selectMethod')}
            </option>
            {cryptoMethods.map((method) => (
              <option key={method.id} value={method.id}>
                {method.network ? `${method.name} (${method.network})` : method.name}
                {method.isDemo ? ` · ${t('demo.option')}` : ''}
              </option>
            ))}
          </select>
          <ChevronDownIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
          />
        </div>
        {methods.isError && <p className="text-sm text-danger">{t('crypto.methodsError')}</p>}
        {chosenIsDemo && <DemoDetailsNotice use="withdrawal" />}
        {methodError && (
          <p id="withdrawal-method-error" className="text-sm text-danger">
            {translateMessage(methodError)}
          </p>
        )}
      </div>
      <AmountField
        registration={register('amount')}
        error={errors.amount?.message}
        availableCents={availableCents}
        amountText={amountText === undefined ? undefined : String(amountText)}
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
      <Button type="submit" size="lg" className="sm:self-end">
        {t('withdraw')}
      </Button>
      {dialog}
    </form>
  );
}
