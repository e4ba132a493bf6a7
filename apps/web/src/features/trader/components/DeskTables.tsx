import { formatUsd } from '@app/shared/money';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { Badge, DataTable, signTone } from '../../../ui';
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
        {
          key: 'entry',
          header: t('positions.entry'),
          align: 'right',
          cell: (row) => formatPrice(row.entryPrice),
        },
        {
          key: 'price',
          header: t('positions.price'),
          align: 'right',
          cell: (row) => formatPrice(row.price),
        },
        {
          key: 'pnl',
          header: t('positions.pnl'),
          align: 'right',
          cell: (row) => <Pnl value={row.unrealisedPnl} />,
        },
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
        {
          key: 'price',
          header: t('fills.price'),
          align: 'right',
          cell: (row) => formatPrice(row.price),
        },
        {
          key: 'realised',
          header: t('fills.realised'),
          align: 'right',
          cell: (row) => <Pnl value={row.realisedPnl} />,
        },
        {
          key: 'reason',
          header: t('fills.reason'),
          cell: (row) => t(`reason.${row.reason}`),
        },
      ]}
    />
  );
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
