import { formatUsd } from '@app/shared/money';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { Badge, DataTable, signTone, type DataTableColumn } from '../../../ui';
import { formatPrice, formatQuantityPerUnit, signAsShown } from '../../market/decimal';
import type { TraderStrategy } from '../api';
import { formatQuantity, formatSignedUsdText } from '../format';

type Position = TraderStrategy['positions'][number];
type Fill = TraderStrategy['fills'][number];

/** The desk's open positions: per unit and in total, with their unrealised result. */
export function PositionsTable({ positions }: { positions: Position[] }) {
  const { t } = useTranslation('trader');
  return (
    <DataTable<Position>
      caption={t('positions.title')}
      rows={positions}
      rowKey={(row) => `${row.symbol}-${row.side}`}
      columns={[
        {
          key: 'symbol',
          header: t('positions.instrument'),
          primary: true,
          cell: (row) => (
            <span className="flex flex-col gap-0.5">
              <span className="flex items-center gap-2">
                <span className="font-medium text-text">{row.symbol}</span>
                <SideBadge side={row.side} />
              </span>
              <span className="text-xs text-muted tabular-nums">
                {t('positions.perUnit', {
                  quantity: formatQuantityPerUnit(row.quantityPerUnit),
                  base: baseOf(row.symbol),
                })}
              </span>
            </span>
          ),
        },
        {
          key: 'weight',
          header: t('positions.weight'),
          align: 'right',
          cell: (row) => `${row.weightPct}%`,
        },
        {
          key: 'value',
          header: t('positions.value'),
          align: 'right',
          cell: (row) => (
            <span className="flex flex-col items-end gap-0.5">
              <span className="tabular-nums">{formatUsd(row.valueCents)}</span>
              <span className="text-xs text-muted tabular-nums">
                {t('positions.held', {
                  quantity: formatQuantity(row.quantity),
                  base: baseOf(row.symbol),
                })}
              </span>
            </span>
          ),
        },
        priceColumn('entry', t('positions.entry'), (row) => row.entryPrice),
        priceColumn('price', t('positions.price'), (row) => row.price),
        pnlColumn('pnl', t('positions.pnl'), (row) => row.unrealisedPnl),
      ]}
    />
  );
}

/** The desk's fills, newest first, with what each realised and why it happened. */
export function FillsTable({ fills }: { fills: Fill[] }) {
  const { t } = useTranslation('trader');
  return (
    <DataTable<Fill>
      caption={t('fills.title')}
      rows={fills}
      rowKey={(row) => `${row.at}-${row.symbol}-${row.quantityDelta}`}
      columns={[
        {
          key: 'at',
          header: t('fills.at'),
          primary: true,
          cell: (row) => (
            <span className="whitespace-nowrap text-text">{formatDateTime(row.at)}</span>
          ),
        },
        {
          key: 'symbol',
          header: t('fills.instrument'),
          cell: (row) => (
            <span className="flex items-center gap-2">
              {row.symbol} <SideBadge side={row.side} />
            </span>
          ),
        },
        {
          key: 'qty',
          header: t('fills.quantity'),
          align: 'right',
          // Fills since the per-unit engine are what one unit bought or sold.
          cell: (row) =>
            row.perUnit
              ? t('fills.perUnit', { value: formatQuantityPerUnit(row.quantityDelta) })
              : formatQuantity(row.quantityDelta),
        },
        priceColumn('price', t('fills.price'), (row) => row.price),
        pnlColumn('realised', t('fills.realised'), (row) => row.realisedPnl),
        {
          key: 'reason',
          header: t('fills.reason'),
          cell: (row) => t(`reason.${row.reason}`),
        },
      ]}
    />
  );
}

/** A right-aligned column of an instrument price (a decimal string, as the market shows it). */
function priceColumn<T>(
  key: string,
  header: string,
  price: (row: T) => string,
): DataTableColumn<T> {
  return { key, header, align: 'right', cell: (row) => formatPrice(price(row)) };
}

/** A right-aligned column of a result in dollars, signed and coloured by its sign. */
function pnlColumn<T>(key: string, header: string, pnl: (row: T) => string): DataTableColumn<T> {
  return { key, header, align: 'right', cell: (row) => <Pnl value={pnl(row)} /> };
}

/** "BTC" of "BTCUSDT": every instrument is quoted in USDT. */
function baseOf(symbol: string): string {
  return symbol.replace(/USDT$/, '');
}

function SideBadge({ side }: { side: 'long' | 'short' }) {
  const { t } = useTranslation('trader');
  return <Badge tone={side === 'long' ? 'success' : 'danger'}>{t(`side.${side}`)}</Badge>;
}

function Pnl({ value }: { value: string }) {
  const sign = signAsShown(value);
  return <span className={clsx('tabular-nums', signTone(sign))}>{formatSignedUsdText(value)}</span>;
}
