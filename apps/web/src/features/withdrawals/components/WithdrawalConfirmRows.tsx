import { formatSignedUsd, formatUsd } from '@app/shared/money';
import type { WithdrawalQuote } from '@app/shared/schemas/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../ui';
import { feeTermsText } from '../feeTerms';

/**
 * The confirmation's figures: the amount, then the quoted fee and what arrives (or that the fee
 * eats it all), while the quote loads a spinner, and if it fails a retry.
 */
export function WithdrawalQuoteRows({
  amountCents,
  quote,
  covered,
}: {
  amountCents: number;
  quote: UseQueryResult<WithdrawalQuote>;
  covered: boolean;
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <dl className="flex flex-col gap-3 text-sm">
      <Row label={t('confirm.amount')} value={formatUsd(amountCents)} />
      {quote.data ? (
        <>
          <Row
            label={t('confirm.fee', { terms: feeTermsText(t, quote.data) })}
            value={formatSignedUsd(-quote.data.feeCents)}
          />
          <div className="flex items-baseline justify-between gap-4 border-t border-border pt-3">
            <dt className="font-medium text-text">{t('confirm.net')}</dt>
            <dd
              data-testid="confirm-net"
              className="text-lg font-semibold text-brand-strong tabular-nums"
            >
              {formatUsd(Math.max(quote.data.netCents, 0))}
            </dd>
          </div>
          {!covered && (
            <p role="alert" className="text-danger">
              {t('quote.belowFee', { fee: formatUsd(quote.data.feeCents) })}
            </p>
          )}
        </>
      ) : quote.isError ? (
        <div role="alert" className="flex items-center justify-between gap-3 text-danger">
          <span>{t('quote.error')}</span>
          <Button size="sm" variant="secondary" onClick={() => void quote.refetch()}>
            {t('confirm.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-2 text-muted">
          <Spinner />
          {t('quote.calculating')}
        </div>
      )}
    </dl>
  );
}

/** Where the money goes (bank account or wallet), as label/value rows. */
export function WithdrawalDestinationRows({
  destination,
}: {
  destination: { label: string; value: string }[];
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <div className="mt-4 rounded-xl border border-border bg-surface-2 p-3">
      <p className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">
        {t('confirm.destination')}
      </p>
      <dl className="flex flex-col gap-1.5 text-sm">
        {destination.map((row) => (
          <Row key={row.label} label={row.label} value={row.value} mono />
        ))}
      </dl>
    </div>
  );
}

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd
        className={
          mono ? 'text-right font-mono break-all text-text' : 'text-right text-text tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );
}
