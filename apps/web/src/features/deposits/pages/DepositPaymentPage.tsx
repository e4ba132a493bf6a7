import { parseUsdToCents } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ArrowLeftIcon } from '../../../ui';
import { isDepositDraft, type DepositDraft } from '../api';
import { ConfirmDepositDialog } from '../components/ConfirmDepositDialog';
import { ActiveAccountOnly } from '../components/MoneyInactiveNotice';
import { PaymentAmountCard } from '../components/PaymentAmountCard';
import { PaymentReferenceCard } from '../components/PaymentReferenceCard';
import { useDepositPayment } from '../hooks/useDepositPayment';
import { amountToSend } from '../lib/sendAmount';

/**
 * /deposits/payment: where to send the money (from /deposits through navigation state; opened
 * directly, it goes back to /deposits), an optional payment reference, and 'I have made the
 * payment', confirmed before the pending deposit is requested.
 */
export function DepositPaymentPage() {
  const location = useLocation();
  const state: unknown = location.state;
  if (!isDepositDraft(state)) return <Navigate to="/deposits" replace />;
  return (
    <ActiveAccountOnly>
      <Payment draft={state} />
    </ActiveAccountOnly>
  );
}

function Payment({ draft }: { draft: DepositDraft }) {
  const { t } = useTranslation('deposits');
  const { method } = draft;
  const send = amountToSend(method, parseUsdToCents(draft.amount) ?? 0);
  const payment = useDepositPayment(draft);
  const reviewState = { method, amount: draft.amount } satisfies DepositDraft;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/deposits"
        state={reviewState}
        className="inline-flex items-center gap-2 self-start rounded-md text-sm text-muted hover:text-text"
      >
        <ArrowLeftIcon />
        {t('payment.change')}
      </Link>
      <PaymentAmountCard method={method} send={send} />
      <PaymentReferenceCard
        method={method}
        reference={payment.reference}
        referenceError={payment.referenceError}
        onReferenceChange={payment.changeReference}
        onPaid={payment.openConfirmation}
      />
      <ConfirmDepositDialog
        open={payment.confirming}
        onClose={payment.closeConfirmation}
        onConfirm={payment.confirm}
        pending={payment.deposit.isPending}
        error={payment.deposit.isError ? payment.deposit.error : null}
        usd={send.usd}
        method={method}
        reference={payment.reference}
      />
    </div>
  );
}
