import type { Ticker } from '@app/shared/schemas/market';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { usePolledTickers } from '../../market/usePolledTickers';
import { formatChangePct, formatPrice, signOf } from '../../market/decimal';

interface PriceTickerProps {
  className?: string;
}

/**
 * The landing page's strip of instrument prices, from GET /api/market/tickers: the same feed that
 * values the trades. Visitors have no socket, so it polls every 5 s; a simulated feed is always
 * labelled as such (docs/product.md).
 */
export function PriceTicker({ className }: PriceTickerProps) {
  const { t } = useTranslation('public');
  const tickers = usePolledTickers();
  const data = tickers.status === 'ready' ? tickers.data : null;
  const source = data?.source;
  return (
    <section
      aria-label={t('ticker.label')}
      className={clsx('rounded-2xl border border-border bg-surface/80 backdrop-blur', className)}
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <span className="text-xs font-medium text-muted">{t('ticker.label')}</span>
        {source && (
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-warning">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />
            {source === 'simulated' ? t('ticker.simulated') : t('ticker.live')}
          </span>
        )}
      </div>
      {data ? (
        <ul className="flex snap-x gap-px overflow-x-auto [scrollbar-width:thin]">
          {data.tickers.map((ticker) => (
            <TickerItem key={ticker.symbol} ticker={ticker} />
          ))}
        </ul>
      ) : tickers.status === 'error' ? (
        <p className="px-4 py-5 text-sm text-muted">{t('ticker.error')}</p>
      ) : (
        <ul
          role="status"
          aria-label={t('ticker.loading')}
          className="flex gap-px overflow-hidden motion-safe:animate-pulse"
        >
          {[0, 1, 2, 3, 4].map((index) => (
            <li key={index} className="flex min-w-40 flex-1 flex-col gap-1.5 px-4 py-3">
              <span className="h-3 w-16 rounded bg-surface-2" />
              <span className="h-5 w-24 rounded bg-surface-2" />
              <span className="h-3 w-12 rounded bg-surface-2" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TickerItem({ ticker }: { ticker: Ticker }) {
  const { t } = useTranslation('public');
  const sign = signOf(ticker.change24hPct);
  const change = formatChangePct(ticker.change24hPct);
  return (
    <li className="flex min-w-40 flex-1 snap-start flex-col gap-0.5 px-4 py-3">
      <span className="text-xs font-semibold tracking-wide text-muted">{ticker.symbol}</span>
      <span className="font-mono text-base font-semibold text-text tabular-nums">
        {formatPrice(ticker.price)}
      </span>
      <span
        className={clsx(
          'text-xs font-medium tabular-nums',
          sign < 0 ? 'text-danger' : sign > 0 ? 'text-brand-strong' : 'text-muted',
        )}
      >
        <span aria-hidden="true">{change}</span>
        <span className="sr-only">{t('ticker.change', { value: change })}</span>
      </span>
    </li>
  );
}
