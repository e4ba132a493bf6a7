import { formatUsd } from '@app/shared/money';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui';
import { WithdrawalQuoteLine } from './WithdrawalQuoteLine';

/** The amount in USD, the available balance under it, and the live fee quote. */
export function AmountField({
  registration,
  error,
  availableCents,
  amountText,
  methodId,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
  availableCents: number | undefined;
  amountText: string | undefined;
  /** Whose fee the quote shows: a method, null for the bank transfer, undefined before a choice. */
  methodId: string | null | undefined;
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={t('fields.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        endAdornment={<span className="pr-3 text-sm text-muted">USD</span>}
        hint={
          availableCents === undefined
            ? undefined
            : t('fields.available', { amount: formatUsd(availableCents) })
        }
        error={error}
        {...registration}
      />
      <WithdrawalQuoteLine
        amountText={amountText}
        methodId={methodId}
        availableCents={availableCents}
      />
    </div>
  );
}
