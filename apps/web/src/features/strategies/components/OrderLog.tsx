import type { StrategyOrder } from '@app/shared/schemas/strategies';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { LoadMore } from '../../../ui/LoadMore';
import { ErrorState } from '../../../ui/ErrorState';
import { LoadingBlock } from '../../../ui/Spinner';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { formatPrice, formatQuantityPerUnit, formatSignedDecimal } from '../../market/decimal';
import { strategyOrdersQuery } from '../api';

/** Realised P&L per unit: a unit is worth about a dollar, so 4 places, as NAV. */
const PER_UNIT_DECIMALS = 4;

/** The strategy's fills, newest first, 20 at a time: what it bought and sold, when, at what price. */
export function OrderLog({ strategyId }: { strategyId: string }) {
  const { t } = useTranslation('strategies');
  const orders = useInfiniteQuery(strategyOrdersQuery(strategyId));
  if (orders.isPending) return <LoadingBlock className="h-32" />;
  if (orders.isError) {
    return (
      <ErrorState
        title={t('orders.loadFailed')}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  }
  const rows = orders.data.pages.flatMap((page) => page.orders);
  if (rows.length === 0) return <p className="text-sm text-muted">{t('orders.none')}</p>;
  const columns: DataTableColumn<StrategyOrder>[] = [
    {
      key: 'instrument',
      header: t('orders.instrument'),
      primary: true,
      cell: (order) => order.symbol,
    },
    {
      key: 'time',
      header: t('orders.time'),
      cell: (order) => formatDateTime(order.at),
      className: 'whitespace-nowrap text-muted',
    },
    {
      key: 'change',
      header: t('orders.change'),
      cell: (order) =>
        order.side === 'long'
          ? t(order.change === 'increase' ? 'orders.increase' : 'orders.reduce')
          : t(order.change === 'increase' ? 'orders.increaseShort' : 'orders.reduceShort'),
    },
    {
      key: 'quantity',
      header: t('orders.quantity'),
      align: 'right',
      cell: (order) =>
        order.quantityPerUnit === null ? '—' : formatQuantityPerUnit(order.quantityPerUnit),
      className: 'tabular-nums whitespace-nowrap',
    },
    {
      key: 'price',
      header: t('orders.price'),
      align: 'right',
      cell: (order) => formatPrice(order.price),
      className: 'tabular-nums whitespace-nowrap',
    },
    {
      key: 'realised',
      header: t('orders.realised'),
      align: 'right',
      cell: (order) =>
        order.realisedPnlPerUnit === null
          ? '—'
          : formatSignedDecimal(order.realisedPnlPerUnit, PER_UNIT_DECIMALS),
      className: 'tabular-nums whitespace-nowrap',
    },
  ];
  return (
    <div>
      <DataTable
        caption={t('orders.title')}
        columns={columns}
        rows={rows}
        rowKey={(order) => order.id}
      />
      <LoadMore pages={orders} label={t('orders.more')} align="start" className="mt-4" />
    </div>
  );
}
