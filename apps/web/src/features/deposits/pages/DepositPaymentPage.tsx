import { parseUsdToCents } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiRequestError, newIdempotencyKey } from '../../../lib/api';
import { errorMessage } from '../../../lib/requestErrors';
import { ArrowLeftIcon, Button, Card, Modal, TextField } from '../../../ui';
import { isDepositDraft, useCreateDeposit, type DepositDraft } from '../api';
import { ActiveAccountOnly } from '../components/MoneyInactiveNotice';
import { PaymentDetails } from '../components/PaymentDetails';
import { amountToSend } from '../lib/sendAmount';
import { mutateAndReport } from '../../../lib/mutation';

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
  const navigate = useNavigate();
  const { method } = draft;
  const send = amountToSend(method, parseUsdToCents(draft.amount) ?? 0);
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  /** One key per "I have made the payment": made when the confirmation opens, reused on retry. */
  const [intentKey, setIntentKey] = useState<string | null>(null);

  const deposit = useCreateDeposit();

  function confirm(key: string) {
    const toastId = toast.loading(t('toast.depositing'));
    const input = {
      methodId: method.id,
      amount: draft.amount,
      reference: reference.trim() || undefined,
    };
    mutateAndReport(
      deposit,
      { input, idempotencyKey: key },
      {
        onSuccess: () => {
          toast.success(t('toast.success'), { id: toastId, description: t('toast.successHint') });
          setIntentKey(null);
          void navigate('/transactions');
        },
        onError: (error) => {
          toast.error(errorMessage(error), { id: toastId });
          if (error instanceof ApiRequestError && error.field === 'reference') {
            setReferenceError(error.message);
            setIntentKey(null);
          }
        },
      },
    );
  }

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

      <Card
        title={<span className="text-lg">{t('payment.heading', { method: method.name })}</span>}
        description={
          send.kind === 'stablecoin'
            ? t('payment.cryptoIntroStable', {
                amount: send.tokenAmount,
                token: send.token,
                usd: send.usd,
              })
            : send.kind === 'coinWorth'
              ? t('payment.cryptoIntroWorth', { coin: send.coin, usd: send.usd })
              : t('payment.bankIntro')
        }
      >
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-brand/30 bg-brand/5 px-4 py-3">
          <span className="text-sm text-muted">
            {t(send.kind === 'coinWorth' ? 'payment.valueLabel' : 'payment.amountLabel')}
          </span>
          <span
            className="text-2xl font-semibold tabular-nums text-text"
            data-testid="deposit-amount"
          >
            {send.kind === 'stablecoin' ? send.tokenAmount : send.usd}
            <span className="ml-1 text-sm font-normal text-muted">
              {send.kind === 'stablecoin'
                ? send.token
                : send.kind === 'coinWorth'
                  ? `USD ${t('payment.worthOf', { coin: send.coin })}`
                  : 'USD'}
            </span>
          </span>
        </div>
        <PaymentDetails method={method} />
      </Card>

      <Card>
        <TextField
          label={method.kind === 'crypto' ? t('reference.cryptoLabel') : t('reference.bankLabel')}
          optional
          hint={t('reference.hint')}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          value={reference}
          error={referenceError}
          onChange={(event) => {
            setReference(event.target.value);
            setReferenceError(undefined);
          }}
        />
        <Button
          size="lg"
          fullWidth
          className="mt-6"
          onClick={() => {
            deposit.reset();
            setIntentKey(newIdempotencyKey());
          }}
        >
          {t('payment.made')}
        </Button>
      </Card>

      <Modal
        open={intentKey !== null}
        onOpenChange={(open) => {
          if (!open && !deposit.isPending) setIntentKey(null);
        }}
        title={t('confirm.title')}
        description={t('confirm.description')}
        footer={
          <>
            <Button
              variant="secondary"
              disabled={deposit.isPending}
              onClick={() => setIntentKey(null)}
            >
              {t('confirm.cancel')}
            </Button>
            <Button
              loading={deposit.isPending}
              onClick={() => {
                if (intentKey) confirm(intentKey);
              }}
            >
              {deposit.isError ? t('confirm.retry') : t('confirm.confirm')}
            </Button>
          </>
        }
      >
        <dl className="flex flex-col gap-3 text-sm">
          <SummaryRow label={t('confirm.amount')} value={send.usd} strong />
          <SummaryRow label={t('confirm.method')} value={method.name} />
          {method.network && <SummaryRow label={t('confirm.network')} value={method.network} />}
          <SummaryRow
            label={t('confirm.reference')}
            value={reference.trim() || t('confirm.noReference')}
          />
        </dl>
        {deposit.isError && (
          <p role="alert" className="mt-4 text-sm text-danger">
            {errorMessage(deposit.error)}
          </p>
        )}
      </Modal>
    </div>
  );
}

export function SummaryRow({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd
        className={
          strong
            ? 'text-right text-base font-semibold tabular-nums text-text'
            : 'text-right break-all text-text'
        }
      >
        {value}
      </dd>
    </div>
  );
}
