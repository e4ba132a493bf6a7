import type { Ticker } from '@app/shared/schemas/market';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePolledTickers } from '../../market/usePolledTickers';
import { formatPrice, formatSignedPct, signAsShown } from '../../market/decimal';
import { LoadingPlaceholder } from '../../../ui/LoadingPlaceholder';
import { signTone } from '../../../ui/tone';

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
        <TickerStrip tickers={data.tickers} />
      ) : tickers.status === 'error' ? (
        <p className="px-4 py-5 text-sm text-muted">{t('ticker.error')}</p>
      ) : (
        <LoadingPlaceholder
          as="ul"
          label={t('ticker.loading')}
          className="flex gap-px overflow-hidden motion-safe:animate-pulse"
        >
          {[0, 1, 2, 3, 4].map((index) => (
            <li key={index} className="flex min-w-40 flex-1 flex-col gap-1.5 px-4 py-3">
              <span className="h-3 w-16 rounded bg-surface-2" />
              <span className="h-5 w-24 rounded bg-surface-2" />
              <span className="h-3 w-12 rounded bg-surface-2" />
            </li>
          ))}
        </LoadingPlaceholder>
      )}
    </section>
  );
}

/** Whether a scrollable strip has more to the left and to the right of what is visible. */
function useOverflowEdges(element: HTMLElement | null) {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const { scrollLeft, scrollWidth, clientWidth } = element;
      const left = scrollLeft > 1;
      const right = scrollLeft + clientWidth < scrollWidth - 1;
      setEdges((old) => (old.left === left && old.right === right ? old : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [element]);
  return edges;
}

/**
 * The prices in one row. On a phone it is wider than the screen: it scrolls sideways (by touch,
 * or by keyboard once focused), and a fade at the cut edge plus "Swipe for more" say so.
 */
function TickerStrip({ tickers }: { tickers: Ticker[] }) {
  const { t } = useTranslation('public');
  const [strip, setStrip] = useState<HTMLUListElement | null>(null);
  const edges = useOverflowEdges(strip);
  return (
    <div className="relative">
      <ul
        ref={setStrip}
        // Focusable so the keyboard can scroll it; named for screen readers.
        tabIndex={0}
        aria-label={t('ticker.label')}
        className="flex snap-x gap-px overflow-x-auto rounded-b-2xl outline-none [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-brand-strong"
      >
        {tickers.map((ticker) => (
          <TickerItem key={ticker.symbol} ticker={ticker} />
        ))}
      </ul>
      {edges.left && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 w-10 rounded-bl-2xl bg-gradient-to-r from-surface to-transparent"
        />
      )}
      {edges.right && (
        <>
          <span
            aria-hidden="true"
            data-testid="ticker-fade"
            className="pointer-events-none absolute inset-y-0 right-0 w-16 rounded-br-2xl bg-gradient-to-l from-surface to-transparent"
          />
          <span className="pointer-events-none absolute right-2 bottom-1 text-[11px] font-medium text-muted">
            {t('ticker.more')} →
          </span>
        </>
      )}
    </div>
  );
}

function TickerItem({ ticker }: { ticker: Ticker }) {
  const { t } = useTranslation('public');
  const sign = signAsShown(ticker.change24hPct);
  const change = formatSignedPct(ticker.change24hPct);
  return (
    <li className="flex min-w-40 flex-1 snap-start flex-col gap-0.5 px-4 py-3">
      <span className="text-xs font-semibold tracking-wide text-muted">{ticker.symbol}</span>
      <span className="font-mono text-base font-semibold text-text tabular-nums">
        {formatPrice(ticker.price)}
      </span>
      <span className={clsx('text-xs font-medium tabular-nums', signTone(sign))}>
        <span aria-hidden="true">{change}</span>
        <span className="sr-only">{t('ticker.change', { value: change })}</span>
      </span>
    </li>
  );
}
