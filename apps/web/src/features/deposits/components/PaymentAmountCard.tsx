import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui';
import type { AmountToSend } from '../lib/sendAmount';
import { PaymentDetails } from './PaymentDetails';

/** The payment page's first card: what to send (amount and unit) and where to send it. */
export function PaymentAmountCard({ method, send }: { method: PaymentMethod; send: AmountToSend }) {
  const { t } = useTranslation('deposits');
  return (
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
  );
}
