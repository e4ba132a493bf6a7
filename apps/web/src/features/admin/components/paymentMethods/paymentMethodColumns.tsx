import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge, type DataTableColumn } from '../../../../ui';
import { feeTermsText } from '../../../withdrawals/feeTerms';
import { EditRetireActions } from '../Retirement';
import { actionsColumn } from '../actionsColumn';

/** What a payment method row's buttons start. */
export interface PaymentMethodRowActions {
  edit: (method: PaymentMethod) => void;
  retire: (method: PaymentMethod) => void;
}

/** The admin payment methods table's columns, each method with its withdrawal fee. */
export function paymentMethodColumns(
  t: TFunction<'admin'>,
  actions: PaymentMethodRowActions,
): DataTableColumn<PaymentMethod>[] {
  return [
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
      cell: (method) => <MethodStatus method={method} />,
    },
    actionsColumn(t('paymentMethods.columns.actions'), (method) =>
      method.retiredAt ? null : (
        <EditRetireActions
          onEdit={() => actions.edit(method)}
          onRetire={() => actions.retire(method)}
          retireLabel={t('paymentMethods.retire')}
        />
      ),
    ),
  ];
}

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

function MethodStatus({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('admin');
  if (method.retiredAt) return <Badge>{t('paymentMethods.retiredStatus')}</Badge>;
  if (method.isDemo) return <Badge tone="warning">{t('paymentMethods.demoStatus')}</Badge>;
  return <Badge tone="success">{t('paymentMethods.activeStatus')}</Badge>;
}
