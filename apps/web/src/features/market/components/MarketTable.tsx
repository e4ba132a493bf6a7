import type { Ticker } from '@app/shared/schemas/market';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Card, LoadingPlaceholder, QueryErrorState, signTone } from '../../../ui';
import { formatPrice, formatSignedPct, signAsShown } from '../decimal';
import { useLiveTickers } from '../hooks';
import { MarketSourceLabel } from './MarketSourceLabel';

/**
 * Crypto Currency Market: every instrument the strategies trade, with the price and 24 h change
 * the trades are valued at, patched live by the `prices` event.
 */
export function MarketTable() {
  const { t } = useTranslation('market');
  const tickers = useLiveTickers();
  return (
    <Card
      title={t('table.title')}
      actions={<MarketSourceLabel source={tickers.data?.source} />}
      className="min-w-0"
    >
      {tickers.isPending ? (
        <TableSkeleton />
      ) : tickers.isError ? (
        <QueryErrorState query={tickers} title={t('table.error')} retryLabel={t('retry')} />
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead>
            <tr className="border-b border-border text-xs tracking-wide text-muted uppercase">
              <th scope="col" className="pb-2 text-left font-semibold">
                {t('table.instrument')}
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                {t('table.price')}
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                {t('table.change')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tickers.data.tickers.map((ticker) => (
              <MarketRow key={ticker.symbol} ticker={ticker} />
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function MarketRow({ ticker }: { ticker: Ticker }) {
  const { t } = useTranslation('market');
  const sign = signAsShown(ticker.change24hPct);
  return (
    <tr
      data-testid={`market-row-${ticker.symbol}`}
      className="border-b border-border/60 last:border-0"
    >
      <th scope="row" className="py-3 text-left font-medium">
        <span className="flex items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-2 text-[0.65rem] font-bold text-text"
          >
            {ticker.base.slice(0, 4)}
          </span>
          <span className="min-w-0">
            <span className="block text-text">{ticker.base}</span>
            <span className="block text-xs font-normal text-muted">{ticker.symbol}</span>
          </span>
        </span>
      </th>
      <td className="py-3 text-right font-mono font-medium text-text tabular-nums">
        {formatPrice(ticker.price)}
      </td>
      <td className={clsx('py-3 text-right font-medium tabular-nums', signTone(sign))}>
        <span aria-hidden="true">{formatSignedPct(ticker.change24hPct)}</span>
        <span className="sr-only">
          {t('table.changeSr', { value: formatSignedPct(ticker.change24hPct) })}
        </span>
      </td>
    </tr>
  );
}

function TableSkeleton() {
  const { t } = useTranslation('market');
  return (
    <LoadingPlaceholder label={t('table.loading')} className="flex animate-pulse flex-col gap-3">
      {[0, 1, 2, 3, 4].map((index) => (
        <div key={index} className="flex items-center justify-between gap-3 py-1">
          <span className="flex items-center gap-2.5">
            <span className="size-8 rounded-full bg-surface-2" />
            <span className="h-4 w-16 rounded bg-surface-2" />
          </span>
          <span className="h-4 w-24 rounded bg-surface-2" />
          <span className="h-4 w-14 rounded bg-surface-2" />
        </div>
      ))}
    </LoadingPlaceholder>
  );
}
