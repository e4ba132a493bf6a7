import { formatUsd } from '@app/shared/money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../ui';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { withdrawalQuoteQuery } from '../api';
import { feeTermsText } from '../feeTerms';
import { quotableCents } from '../schemas';

/** The quote waits until typing pauses this long. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * Live under the amount: "Fee $X · You will receive $Y" by the chosen method (null: by bank
 * transfer; undefined: no method chosen yet), from the server's quote. An amount above the
 * available balance is refused, so nothing is quoted for it: the line says so instead of
 * promising a payout that cannot happen.
 */
export function WithdrawalQuoteLine({
  amountText,
  methodId,
  availableCents,
}: {
  amountText: string | undefined;
  methodId: string | null | undefined;
  availableCents?: number | undefined;
}) {
  const { t } = useTranslation('withdrawals');
  const typed = quotableCents(amountText);
  const aboveAvailable = typed !== null && availableCents !== undefined && typed > availableCents;
  const cents = aboveAvailable ? null : typed;
  const debounced = useDebouncedValue(cents, QUOTE_DEBOUNCE_MS);
  const quote = useQuery({
    ...withdrawalQuoteQuery(debounced ?? 0, methodId ?? null),
    enabled: debounced !== null && methodId !== undefined,
    placeholderData: keepPreviousData,
  });
  const current =
    quote.data && quote.data.amountCents === cents && methodId !== undefined ? quote.data : null;

  let content;
  if (aboveAvailable) {
    content = (
      <span data-testid="quote-line" className="text-danger">
        {t('quote.aboveAvailable', { available: formatUsd(availableCents) })}
      </span>
    );
  } else if (cents === null) content = <span className="text-muted">{t('quote.prompt')}</span>;
  else if (methodId === undefined) {
    content = <span className="text-muted">{t('quote.chooseMethod')}</span>;
  } else if (current && current.netCents <= 0) {
    content = (
      <span data-testid="quote-line" className="text-danger">
        {t('quote.belowFee', { fee: formatUsd(current.feeCents) })}
      </span>
    );
  } else if (current) {
    content = (
      <>
        <span data-testid="quote-line" className="font-medium text-text">
          {t('quote.line', { fee: formatUsd(current.feeCents), net: formatUsd(current.netCents) })}
        </span>
        <span className="text-xs text-muted">
          {t('quote.explain', { terms: feeTermsText(t, current) })}{' '}
          <Link to="/withdrawals/fee" className="underline underline-offset-2 hover:text-text">
            {t('quote.schedule')}
          </Link>
        </span>
      </>
    );
  } else if (quote.isError && debounced === cents) {
    content = <span className="text-danger">{t('quote.error')}</span>;
  } else {
    content = (
      <span className="inline-flex items-center gap-2 text-muted">
        <Spinner className="size-3.5" />
        {t('quote.calculating')}
      </span>
    );
  }

  return (
    <div
      aria-live="polite"
      className="flex min-h-14 flex-col justify-center gap-0.5 rounded-lg border border-border bg-bg/40 px-3 py-2 text-sm"
    >
      {content}
    </div>
  );
}
