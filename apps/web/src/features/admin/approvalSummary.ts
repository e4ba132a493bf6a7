import type { Approval, DualControlSetting, SettingChange } from '@app/shared/schemas/approvals';
import { formatUsd } from '@app/shared/money';
import { PAYMENT_DETAIL_FIELDS } from '@app/shared/schemas/payment-methods';
import type { TFunction } from 'i18next';

type T = TFunction<'admin'>;

/** A value an approval carries as JSON text; undefined when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** "{feeMinPct, feeMaxPct}" as the server stores lead traders' fee bounds. */
function feeBounds(value: unknown): { feeMinPct: string; feeMaxPct: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { feeMinPct, feeMaxPct } = value as Record<string, unknown>;
  return typeof feeMinPct === 'string' && typeof feeMaxPct === 'string'
    ? { feeMinPct, feeMaxPct }
    : undefined;
}

/**
 * One setting value as an admin reads it: cents through formatUsd, a percentage as the server's
 * canonical text, on/off, a count of days. The raw text when it is not what the setting holds.
 */
function settingValue(t: T, setting: DualControlSetting, text: string): string {
  const value = parsed(text);
  switch (setting) {
    case 'four_eyes_threshold_cents':
      return typeof value === 'number' ? formatUsd(value) : text;
    case 'withdrawal_fee_pct':
      return typeof value === 'string' ? value : text;
    case 'verification_required':
    case 'appropriateness_required':
      return typeof value === 'boolean' ? t(value ? 'approvals.on' : 'approvals.off') : text;
    case 'verification_document_retention_days':
      return typeof value === 'number' ? value.toLocaleString('en-US') : text;
    case 'trader_fee_bounds': {
      const bounds = feeBounds(value);
      return bounds ? `${bounds.feeMinPct}–${bounds.feeMaxPct}` : text;
    }
    case 'payment_method':
      return paymentDetails(value) || text;
    case 'sign_in_provider':
      return providerDetails(value) || text;
  }
}

/** A payment method's details as "TRC20 · T9yD…" (only those given). */
function paymentDetails(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const fields = value as Record<string, unknown>;
  return PAYMENT_DETAIL_FIELDS.map((field) => fields[field])
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' · ');
}

/** A sign-in provider as "Google · https://accounts.google.com · client-id". */
function providerDetails(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const fields = value as Record<string, unknown>;
  return [fields.displayName, fields.issuerUrl, fields.clientId]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' · ');
}

/** A method's withdrawal fee as "1.5% + $2.50" (the server's withdrawalFeePct, withdrawalFeeFixed cents). */
function feeTerms(t: T, value: Record<string, unknown>): string {
  const pct = typeof value.withdrawalFeePct === 'string' ? value.withdrawalFeePct : '0';
  const fixed = typeof value.withdrawalFeeFixed === 'number' ? value.withdrawalFeeFixed : 0;
  return fixed === 0
    ? t('approvals.feeTerms.pct', { pct })
    : t('approvals.feeTerms.both', { pct, fixed: formatUsd(fixed) });
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const asksFee = (input: Record<string, unknown>) =>
  input.withdrawalFeePct !== undefined || input.withdrawalFeeFixed !== undefined;

/**
 * A new payment method, new details for one, or a higher withdrawal fee (the server's
 * `{op, input}`; `from`: the details and fee in force).
 */
function describePaymentMethodChange(t: T, change: SettingChange): string {
  const op = asRecord(parsed(change.to));
  const input = asRecord(op.input);
  const name = input.name;
  if (op.op === 'create') {
    return t('approvals.summarySetting.payment_method_new', {
      name: typeof name === 'string' ? name : '',
      details: paymentDetails(input),
    });
  }
  const before = asRecord(parsed(change.from));
  const lines: string[] = [];
  if (paymentDetails(input) !== '') {
    lines.push(
      t('approvals.summarySetting.payment_method_update', {
        details: paymentDetails(input),
        before: paymentDetails(before),
      }),
    );
  }
  if (asksFee(input)) {
    lines.push(
      t('approvals.summarySetting.payment_method_fee', {
        to: feeTerms(t, { ...before, ...input }),
        from: feeTerms(t, before),
      }),
    );
  }
  return lines.join('; ');
}

/** "Withdrawal fee from 0% to 12%": the setting, the value in force when asked, the one asked. */
export function describeSettingChange(t: T, change: SettingChange): string {
  const { setting } = change;
  if (setting === 'payment_method') return describePaymentMethodChange(t, change);
  if (setting === 'sign_in_provider') {
    const before = providerDetails(parsed(change.from));
    const after = providerDetails(parsed(change.to));
    return before
      ? t('approvals.summarySetting.sign_in_provider_change', { from: before, to: after })
      : t('approvals.summarySetting.sign_in_provider_new', { to: after });
  }
  if (setting === 'trader_fee_bounds') {
    const from = feeBounds(parsed(change.from));
    const to = feeBounds(parsed(change.to));
    // Only the ceiling makes a change wait; the floor is named when it moves along.
    if (from && to && from.feeMinPct === to.feeMinPct) {
      return t('approvals.summarySetting.trader_fee_ceiling', {
        from: from.feeMaxPct,
        to: to.feeMaxPct,
      });
    }
  }
  return t(`approvals.summarySetting.${setting}`, {
    from: settingValue(t, setting, change.from),
    to: settingValue(t, setting, change.to),
  });
}

/** What an approval asks for, in one line ("Bonus adjustment of $1,500.00 for Ada"). */
export function describeApproval(t: T, approval: Approval): string {
  const amount = formatUsd(approval.amountCents);
  const name = approval.user?.name ?? '';
  const id = approval.transactionId ?? '';
  switch (approval.kind) {
    case 'withdrawal_payout':
      return t('approvals.summaryPayout', { amount, id, name });
    case 'deposit_approval':
      return t('approvals.summaryDeposit', { amount, id, name });
    case 'adjustment':
      return t(`approvals.summaryAdjustment.${approval.bucket ?? 'balance'}`, { amount, name });
    case 'admin_grant':
      return t('approvals.summaryAdminGrant', { name });
    case 'setting_change':
      return approval.change
        ? describeSettingChange(t, approval.change)
        : t('approvals.summarySettingUnknown');
  }
}

/** Whether approving it books money (an amount to show) or changes a setting or a role. */
export function movesMoney(approval: Approval): boolean {
  return (
    approval.kind === 'adjustment' ||
    approval.kind === 'withdrawal_payout' ||
    approval.kind === 'deposit_approval'
  );
}
