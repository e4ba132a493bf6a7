import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, DataTable, EmptyState, LoadingBlock } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { FourEyesSettingCard } from '../components/FourEyesSettingCard';
import { PaymentMethodDialog } from '../components/PaymentMethodDialog';
import { LoadError, PageIntro } from '../components/QueryStates';
import { EditRetireActions, useRetirement } from '../components/Retirement';
import { feeTermsText } from '../../withdrawals/feeTerms';

function WhereToPay({ method }: { method: PaymentMethod }) {
  const lines =
    method.kind === 'crypto'
      ? [method.network, method.address]
      : [method.bankName, method.accountName, method.accountNumber, method.swiftCode];
  return (
    <span className="flex flex-col gap-0.5">
      {lines.filter(Boolean).map((line, index) => (
        <span
          key={index}
          className={index === 0 ? 'break-all' : 'font-mono text-xs break-all text-muted'}
        >
          {line}
        </span>
      ))}
      {/* The note to investors is prose: it wraps between words. */}
      {method.kind === 'bank' && method.referenceInstructions && (
        <span className="text-xs wrap-break-word text-muted">{method.referenceInstructions}</span>
      )}
    </span>
  );
}

/**
 * /admin/payment-methods: where users send deposits and by what they are paid out (add, edit,
 * retire), each with its withdrawal fee.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const query = useQuery({
    queryKey: adminKeys.paymentMethods,
    queryFn: ({ signal }) => adminApi.listPaymentMethods(signal),
  });
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
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.methods.length === 0 ? (
        <EmptyState title={t('paymentMethods.empty')} />
      ) : (
        <DataTable
          caption={t('paymentMethods.caption')}
          rows={query.data.methods}
          rowKey={(method) => method.id}
          columns={[
            {
              key: 'name',
              header: t('paymentMethods.columns.name'),
              primary: true,
              cell: (method) => method.name,
            },
            {
              key: 'kind',
              header: t('paymentMethods.columns.kind'),
              cell: (method) => t(`paymentMethods.kinds.${method.kind}`),
            },
            {
              key: 'where',
              header: t('paymentMethods.columns.where'),
              className: 'sm:max-w-80',
              cell: (method) => <WhereToPay method={method} />,
            },
            {
              key: 'fee',
              header: t('paymentMethods.columns.fee'),
              cell: (method) => (
                <span className="tabular-nums" data-testid="method-fee">
                  {feeTermsText(t, {
                    feePct: method.withdrawalFeePct,
                    feeFixedCents: method.withdrawalFeeFixedCents,
                  })}
                </span>
              ),
            },
            {
              key: 'status',
              header: t('paymentMethods.columns.status'),
              cell: (method) =>
                method.retiredAt ? (
                  <Badge>{t('paymentMethods.retiredStatus')}</Badge>
                ) : method.isDemo ? (
                  <Badge tone="warning">{t('paymentMethods.demoStatus')}</Badge>
                ) : (
                  <Badge tone="success">{t('paymentMethods.activeStatus')}</Badge>
                ),
            },
            {
              key: 'actions',
              header: <span className="sr-only">{t('paymentMethods.columns.actions')}</span>,
              align: 'right',
              cell: (method) =>
                method.retiredAt ? null : (
                  <EditRetireActions
                    onEdit={() => setEditing(method)}
                    onRetire={() => retirement.ask(method)}
                    retireLabel={t('paymentMethods.retire')}
                  />
                ),
            },
          ]}
        />
      )}
      <FourEyesSettingCard />
      <PaymentMethodDialog
        method={editing === 'new' ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      {retirement.dialog}
    </div>
  );
}
