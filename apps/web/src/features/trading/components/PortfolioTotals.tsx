import { formatUsd } from '@app/shared/money';
import { useTranslation } from 'react-i18next';
import type { OpenPortfolio } from '../api';
import { formatSignedUsd } from '../format';
import { signTone } from '../../../ui';

/** One colour per slice of the allocation bar (cash last: the bar's own track colour). */
const SLICE_COLOURS = ['bg-brand', 'bg-sky-400', 'bg-violet-400', 'bg-amber-400', 'bg-rose-400'];

interface Slice {
  key: string;
  label: string;
  pct: string;
  /** The bar's colour for it. */
  colour: string;
  /** The legend dot's, when the bar's would not show on the card. */
  swatch?: string;
}

/**
 * Above several open trades: what went into them, what they are worth now and the result, and how
 * the Account Balance splits between each of them and cash — every figure the server's.
 */
export function PortfolioTotals({ portfolio }: { portfolio: OpenPortfolio }) {
  const { t } = useTranslation('trading');
  const shares = new Map(
    (portfolio.allocation?.trades ?? []).map((slice) => [slice.tradeId, slice.sharePct]),
  );
  const slices: Slice[] = [
    ...portfolio.trades.map((trade, index) => ({
      key: trade.id,
      label: trade.planTitle,
      pct: shares.get(trade.id) ?? '0.0',
      colour: SLICE_COLOURS[index % SLICE_COLOURS.length] ?? 'bg-brand',
    })),
    ...(portfolio.allocation
      ? [
          {
            key: 'cash',
            label: t('portfolio.cash'),
            pct: portfolio.allocation.cashPct,
            colour: 'bg-surface-2',
            // The track colour is nearly the card's: outlined in the legend so its dot shows.
            swatch: 'bg-surface-2 ring-1 ring-inset ring-muted',
          },
        ]
      : []),
  ];
  return (
    <section aria-label={t('portfolio.label')} className="mb-5 rounded-xl border border-border p-4">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <Total name="invested" cents={portfolio.investedCents} />
        <Total name="value" cents={portfolio.valueCents} />
        <Total name="profit" cents={portfolio.profitCents} signed />
      </dl>
      {portfolio.allocation && (
        <>
          <div
            className="mt-4 flex h-2.5 overflow-hidden rounded-full bg-surface-2"
            aria-hidden="true"
          >
            {slices.map((slice) => (
              <div key={slice.key} className={slice.colour} style={{ width: `${slice.pct}%` }} />
            ))}
          </div>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
            {slices.map((slice) => (
              <li key={slice.key} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className={`h-2 w-2 rounded-full ${slice.swatch ?? slice.colour}`}
                />
                {t('portfolio.share', { label: slice.label, pct: slice.pct })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * One of the three totals (`portfolio.<name>` its label, `portfolio-<name>` its test id); a
 * `signed` one shows its sign and is coloured by it.
 */
function Total({
  name,
  cents,
  signed = false,
}: {
  name: 'invested' | 'value' | 'profit';
  cents: number;
  signed?: boolean;
}) {
  const { t } = useTranslation('trading');
  return (
    <div>
      <dt className="text-xs text-muted">{t(`portfolio.${name}`)}</dt>
      <dd
        className={`font-semibold tabular-nums ${signed ? signTone(cents) : 'text-text'}`}
        data-testid={`portfolio-${name}`}
      >
        {signed ? formatSignedUsd(cents) : formatUsd(cents)}
      </dd>
    </div>
  );
}
