import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { LoadingBlock } from '../../../ui/Spinner';
import { useScrollsSideways } from '../../../ui/useScrollsSideways';
import { strategyOrdersQuery } from '../api';

/** The strategy's fills, newest first, 20 at a time: what it bought and sold, when, at what price. */
export function OrderLog({ strategyId }: { strategyId: string }) {
  const { t, i18n } = useTranslation('strategies');
  const orders = useInfiniteQuery(strategyOrdersQuery(strategyId));
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
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
  const time = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return (
    <div>
      {/* Scrolls sideways on a phone: then focusable, so a keyboard can scroll it too. */}
      <div
        ref={ref}
        className="overflow-x-auto"
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': t('orders.title') } : {})}
      >
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{t('orders.title')}</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('orders.time')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('orders.instrument')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('orders.change')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('orders.quantity')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('orders.price')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('orders.realised')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((order) => (
              <tr key={order.id} className="border-t border-border">
                <td className="py-2 pr-3 whitespace-nowrap text-muted">
                  {time.format(new Date(order.at))} UTC
                </td>
                <th scope="row" className="py-2 pr-3 text-left font-normal text-text">
                  {order.symbol}
                </th>
                <td className="py-2 pr-3 text-text">
                  {order.side === 'long'
                    ? t(order.change === 'increase' ? 'orders.increase' : 'orders.reduce')
                    : t(
                        order.change === 'increase' ? 'orders.increaseShort' : 'orders.reduceShort',
                      )}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums text-text">
                  {order.quantityPerUnit ?? '—'}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums text-text">{order.price}</td>
                <td className="py-2 text-right tabular-nums text-text">
                  {order.realisedPnlPerUnit ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {orders.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => void orders.fetchNextPage()}
          disabled={orders.isFetchingNextPage}
        >
          {t('orders.more')}
        </Button>
      )}
    </div>
  );
}
