import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { FourEyesSettingCard } from '../components/FourEyesSettingCard';
import { PaymentMethodDialog } from '../components/PaymentMethodDialog';
import { paymentMethodColumns } from '../components/paymentMethods/paymentMethodColumns';
import { PageIntro, QueryTable } from '../components/QueryStates';
import { useRetirement } from '../components/Retirement';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { onClosed } from '../components/DialogForm';

/**
 * /admin/payment-methods: where users send deposits and by what they are paid out (add, edit,
 * retire), each with its withdrawal fee.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const query = useAdminQuery(adminKeys.paymentMethods, adminApi.listPaymentMethods);
  const retirement = useRetirement({
    retire: (method: PaymentMethod) => adminApi.retirePaymentMethod(method.id),
    messages: { success: t('toasts.methodRetired'), failure: t('toasts.methodRetireFailed') },
    confirmation: (method) => ({
      title: t('paymentMethods.retireTitle', { name: method.name }),
      description: t('paymentMethods.retireBody'),
    }),
    confirmLabel: t('paymentMethods.retire'),
  });

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        actions={<Button onClick={() => setEditing('new')}>{t('paymentMethods.add')}</Button>}
      >
        {t('paymentMethods.intro')}
      </PageIntro>
      <QueryTable
        query={query}
        rows={(data) => data.methods}
        empty={t('paymentMethods.empty')}
        caption={t('paymentMethods.caption')}
        rowKey={(method) => method.id}
        columns={paymentMethodColumns(t, { edit: setEditing, retire: retirement.ask })}
      />
      <FourEyesSettingCard />
      <PaymentMethodDialog
        method={editing === 'new' ? null : editing}
        open={editing !== null}
        onOpenChange={onClosed(() => setEditing(null))}
      />
      {retirement.dialog}
    </div>
  );
}
