import type { TraderOrderInput, TraderStrategy } from '@app/shared/schemas/strategies';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TraderStrategy };

export const traderKeys = { strategy: ['trader', 'strategy'] as const };

/** The lead trader's desk; positions are marked to market, so it refreshes every 5 s. */
export const traderStrategyQuery = queryOptions({
  queryKey: traderKeys.strategy,
  queryFn: ({ signal }) => api.get<TraderStrategy>('/api/trader/strategy', signal),
  refetchInterval: 5_000,
});

export const traderApi = {
  /** No price field: the server fills at its own market price at that instant. */
  placeOrder: (order: TraderOrderInput) => api.post<TraderStrategy>('/api/trader/orders', order),
};

/** Places an order; the answer is the desk as it stands after the fill, written into the cache. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: TraderOrderInput) => traderApi.placeOrder(order),
    onSuccess: (data) => queryClient.setQueryData(traderKeys.strategy, data),
  });
}
