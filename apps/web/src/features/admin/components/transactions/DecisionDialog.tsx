import { secondAdminBeforeDeciding } from '@app/shared/four-eyes';
import { formatUsd } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api';
import { ConfirmDialog, TextField } from '../../../../ui';
import { adminApi, adminKeys, type AdminTransaction } from '../../api';
import { DevPayoutButton } from './DevPayoutButton';
import {
  isRejection,
  payoutRail,
  type Decision,
  type DecisionInput,
  type OpenDecision,
} from './decisions';

type Values = Record<'id' | 'name' | 'amount' | 'fee' | 'net', string>;

/**
 * Approving a deposit and paying out follow the four-eyes rule: above the threshold the decision
 * only asks a second admin (`asks`); below it, what this admin moved alone for the user in the
 * last 24 hours (which the web does not know) may still tip it over. `rule` says the threshold
 * in words, null while it is unknown.
 */
function useFourEyesRule(tx: AdminTransaction, moving: boolean) {
  const { t } = useTranslation('admin');
  const fourEyes = useQuery({
    queryKey: adminKeys.fourEyes,
    queryFn: ({ signal }) => adminApi.fourEyes(signal),
    enabled: moving,
  });
  const thresholdCents = fourEyes.data?.thresholdCents ?? null;
  const secondAdmin = secondAdminBeforeDeciding(
    BigInt(tx.amountCents),
    thresholdCents === null ? null : BigInt(thresholdCents),
  );
  const rule =
    thresholdCents === null
      ? null
      : thresholdCents === 0
        ? t('fourEyes.every')
        : t('fourEyes.above', { amount: formatUsd(thresholdCents) });
  return { rule, asks: moving && secondAdmin === 'required' };
}

/** What the confirmation's texts name: the transaction, its owner and its amounts. */
function valuesOf(tx: AdminTransaction): Values {
  return {
    id: tx.transactionId,
    name: tx.user.name,
    amount: formatUsd(tx.amountCents),
    fee: formatUsd(tx.feeCents),
    net: formatUsd(tx.netCents),
  };
}

/** The confirmation's title, body and button for a decision. */
function decisionCopy(
  t: TFunction<'admin'>,
  decision: Decision,
  values: Values,
  { asks, rule }: { asks: boolean; rule: string | null },
): { title: string; body: string; confirm: string } {
  switch (decision) {
    case 'approve':
      return asks
        ? {
            title: t('transactions.approveAskTitle', values),
            body: t('transactions.approveAskBody', { ...values, rule }),
            confirm: t('transactions.askSecondAdmin'),
          }
        : {
            title: t('transactions.approveTitle', values),
            body: t('transactions.approveBody', values),
            confirm: t('transactions.approve'),
          };
    case 'pay':
      return asks
        ? {
            title: t('transactions.payAskTitle', values),
            body: t('transactions.payAskBody', { ...values, rule }),
            confirm: t('transactions.askSecondAdmin'),
          }
        : {
            title: t('transactions.payTitle', values),
            body: t('transactions.payBody', values),
            confirm: t('transactions.pay'),
          };
    case 'rejectDeposit':
      return {
        title: t('transactions.rejectDepositTitle', values),
        body: t('transactions.rejectDepositBody', values),
        confirm: t('transactions.reject'),
      };
    case 'rejectWithdrawal':
      return {
        title: t('transactions.rejectWithdrawalTitle', values),
        body: t('transactions.rejectWithdrawalBody', values),
        confirm: t('transactions.reject'),
      };
  }
}

/** The server's refusal of `field` (its message, in the reader's language), if that is what it was. */
function refusalOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError && error.status < 500 && error.field === field
    ? error.message
    : undefined;
}

/**
 * "Are you sure?" before a decision; a rejection asks for the reason the user will see, and
 * paying a withdrawal on a crypto rail for the payout's transaction hash (the server checks it
 * on the chain; its refusal shows under the field).
 */
export function DecisionDialog({
  open,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  open: OpenDecision;
  busy: boolean;
  /** The last attempt's failure (a refused hash is shown under its field). */
  error?: unknown;
  onCancel: () => void;
  onConfirm: (input: DecisionInput) => void;
}) {
  const { t } = useTranslation('admin');
  const tx = open.transaction;
  const rail = open.decision === 'pay' ? payoutRail(tx) : null;
  const [txHash, setTxHash] = useState('');
  const values = valuesOf(tx);
  const rejecting = isRejection(open.decision);
  const moving = !rejecting;
  const { rule, asks } = useFourEyesRule(tx, moving);
  const { title, body, confirm } = decisionCopy(t, open.decision, values, { asks, rule });

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={body}
      confirmLabel={confirm}
      cancelLabel={t('common.cancel')}
      variant={rejecting ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={(reason) => onConfirm(rail ? { reason, txHash: txHash.trim() } : { reason })}
      {...(rejecting
        ? {
            reason: {
              label: t('transactions.reason'),
              requiredMessage: t('transactions.reasonRequired'),
              placeholder: t('transactions.reasonPlaceholder'),
            },
          }
        : {})}
    >
      {moving && !asks && (
        <p className="text-sm text-muted">
          {rule === null
            ? t('transactions.mayNeedSecondAdmin')
            : t(
                open.decision === 'pay'
                  ? 'transactions.payMayNeedSecondAdmin'
                  : 'transactions.approveMayNeedSecondAdmin',
                { ...values, rule },
              )}
        </p>
      )}
      {tx.paymentReference && open.decision === 'approve' && (
        <dl className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
          <dt className="text-muted">{t('transactions.paymentReference')}</dt>
          <dd className="font-mono break-all">{tx.paymentReference}</dd>
        </dl>
      )}
      {open.decision === 'pay' && <PayoutDetails details={tx.payoutDetails} />}
      {rail && (
        <DevPayoutButton withdrawalId={tx.id} rail={rail} net={values.net} onSent={setTxHash} />
      )}
      {rail && (
        <PayoutHashField
          hint={t('railPayouts.txHashHint', { token: rail.token, net: values.net })}
          value={txHash}
          error={refusalOf(error, 'txHash')}
          onChange={setTxHash}
        />
      )}
    </ConfirmDialog>
  );
}

/** The payout's transaction hash, for a withdrawal on a crypto rail (the server's refusal under it). */
function PayoutHashField({
  hint,
  value,
  error,
  onChange,
}: {
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <TextField
      label={t('railPayouts.txHash')}
      hint={hint}
      value={value}
      error={error}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="0x…"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Where a payout goes, as the user gave it (the method named, account numbers in monospace). */
function PayoutDetails({ details }: { details: AdminTransaction['payoutDetails'] }) {
  const { t } = useTranslation('admin');
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return null;
  return (
    <div className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
      <p className="mb-2 font-medium">{t('transactions.payoutDetails')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-muted">
              {key === 'railNetwork' || key === 'railToken'
                ? t(`railPayouts.payoutKeys.${key}`)
                : t(`transactions.payoutKeys.${key}`, { defaultValue: key })}
            </dt>
            <dd className={key === 'method' ? 'break-all' : 'font-mono break-all'}>
              {key === 'method'
                ? t(`transactions.payoutMethods.${value}`, { defaultValue: value })
                : value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
