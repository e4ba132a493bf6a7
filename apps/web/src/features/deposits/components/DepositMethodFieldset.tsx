import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { EmptyState } from '../../../ui';
import { DemoDetailsNotice } from './DemoDetailsNotice';
import { PaymentMethodOption } from './PaymentMethodOption';

/** The deposit form's choice of payment method: radio cards, their error, the demo notice. */
export function DepositMethodFieldset({
  methods,
  chosen,
  field,
  error,
}: {
  methods: PaymentMethod[];
  chosen: PaymentMethod | undefined;
  field: UseFormRegisterReturn<'methodId'>;
  error: { message?: string } | undefined;
}) {
  const { t } = useTranslation('deposits');
  return (
    <fieldset
      aria-describedby={error ? 'deposit-method-error' : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-3 text-sm font-medium text-text">{t('method.legend')}</legend>
      {methods.length === 0 ? (
        <EmptyState title={t('method.none')} description={t('method.noneHint')} />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {methods.map((method) => (
            <PaymentMethodOption key={method.id} method={method} {...field} />
          ))}
        </div>
      )}
      {error?.message && (
        <p id="deposit-method-error" className="mt-2 text-sm text-danger">
          {translateMessage(error.message)}
        </p>
      )}
      {chosen?.isDemo && (
        <div className="mt-4">
          <DemoDetailsNotice use="deposit" />
        </div>
      )}
    </fieldset>
  );
}
