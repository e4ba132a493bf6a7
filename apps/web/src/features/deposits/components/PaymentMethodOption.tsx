import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { InputHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../ui';

interface PaymentMethodOptionProps extends InputHTMLAttributes<HTMLInputElement> {
  method: PaymentMethod;
  ref?: Ref<HTMLInputElement>;
}

/** A payment method as a selectable card: a real radio button underneath (arrow keys, Space). */
export function PaymentMethodOption({ method, ref, ...inputProps }: PaymentMethodOptionProps) {
  const { t } = useTranslation('deposits');
  const subtitle =
    method.kind === 'crypto'
      ? t('method.network', { network: method.network ?? '' })
      : (method.bankName ?? t('method.bank'));
  return (
    <label className="group relative block cursor-pointer">
      <input ref={ref} type="radio" value={method.id} className="peer sr-only" {...inputProps} />
      <span className="flex h-full items-center gap-3 rounded-xl border border-border bg-surface-2 p-4 transition-colors group-hover:border-muted peer-checked:border-brand peer-checked:bg-brand/5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-strong">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg text-sm font-semibold text-brand-strong ring-1 ring-border"
        >
          {method.name.slice(0, 3).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-text">
            {method.name}
            {method.isDemo && (
              <span className="ml-2 rounded-full border border-danger/40 bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">
                {t('demo.badge')}
              </span>
            )}
          </span>
          <span className="block truncate text-sm text-muted">{subtitle}</span>
        </span>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted">
          {method.kind === 'crypto' ? t('method.crypto') : t('method.bankKind')}
        </span>
      </span>
      <span
        aria-hidden="true"
        className="absolute -top-2 -right-2 hidden size-6 items-center justify-center rounded-full bg-brand text-bg peer-checked:flex"
      >
        <CheckIcon width={14} height={14} />
      </span>
    </label>
  );
}
