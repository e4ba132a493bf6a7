import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

export interface Ticker {
  symbol: string;
  /** The last price as display text from the feed, e.g. "67,412.50". */
  price: string;
  /** The 24-hour change in percent as decimal text, e.g. "-1.24". */
  change24hPct: string;
}

interface PriceTickerProps {
  tickers: readonly Ticker[];
  /** Where the prices come from; a simulated feed is always labelled as such (PRODUCT.md §4). */
  source: 'simulated' | 'exchange';
  className?: string;
}

/**
 * A strip of instrument prices. It only displays what it is given, so the market-data feed can
 * supply `tickers` without changes here.
 */
export function PriceTicker({ tickers, source, className }: PriceTickerProps) {
  const { t } = useTranslation('public');
  const sourceLabel = source === 'simulated' ? t('ticker.simulated') : t('ticker.live');
  return (
    <section
      aria-label={t('ticker.label')}
      className={clsx('rounded-2xl border border-border bg-surface/80 backdrop-blur', className)}
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <span className="text-xs font-medium text-muted">{t('ticker.label')}</span>
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-warning">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />
          {sourceLabel}
        </span>
      </div>
      <ul className="flex snap-x gap-px overflow-x-auto [scrollbar-width:thin]">
        {tickers.map((ticker) => {
          const negative = ticker.change24hPct.trim().startsWith('-');
          const change = negative ? ticker.change24hPct.trim() : `+${ticker.change24hPct.trim()}`;
          return (
            <li
              key={ticker.symbol}
              className="flex min-w-40 flex-1 snap-start flex-col gap-0.5 px-4 py-3"
            >
              <span className="text-xs font-semibold tracking-wide text-muted">
                {ticker.symbol}
              </span>
              <span className="font-mono text-base font-semibold text-text tabular-nums">
                {ticker.price}
              </span>
              <span
                className={clsx(
                  'text-xs font-medium tabular-nums',
                  negative ? 'text-danger' : 'text-brand-strong',
                )}
              >
                <span aria-hidden="true">{change}%</span>
                <span className="sr-only">{t('ticker.change', { value: `${change}%` })}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
