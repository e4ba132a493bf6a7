import type {
  CreateTraderStrategyInput,
  MyTraderApplication,
  TraderApplicationInput,
  TraderDashboard,
  TraderProgramme,
  UpdateTraderStrategyInput,
} from '@app/shared/schemas/lead-traders';
import type {
  TraderOrderInput,
  TraderOrderResult,
  TraderStrategy,
} from '@app/shared/schemas/strategies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAnsweringMutation } from '../../lib/useAnsweringMutation';
import { useSession } from '../../lib/auth';

export type { TraderDashboard, TraderStrategy };

export const traderKeys = { strategy: ['trader', 'strategy'] as const };

/** The lead trader's desk; positions are marked to market, so it refreshes every 5 s. */
export const traderStrategyQuery = queryOptions({
  queryKey: traderKeys.strategy,
  queryFn: ({ signal }) => api.get<TraderStrategy>('/api/trader/strategy', signal),
  refetchInterval: 5_000,
});

/**
 * The id of the strategy the signed-in user leads, or null (not a lead trader, or no strategy
 * yet). A lead trader cannot copy their own strategy (the server refuses OWN_STRATEGY_COPY), so
 * the screens that offer a copy say why instead. Read once, not polled like the desk.
 */
export function useOwnStrategyId(): string | null {
  const isTrader = useSession().user?.isTrader ?? false;
  const own = useQuery({
    ...traderStrategyQuery,
    enabled: isTrader,
    refetchInterval: false,
    retry: false,
  });
  return isTrader ? (own.data?.strategy.id ?? null) : null;
}

export const traderApi = {
  /** No price field: the server fills at its own market price at that instant. */
  placeOrder: (order: TraderOrderInput) => api.post<TraderOrderResult>('/api/trader/orders', order),
};

/**
 * Places an order; the answer is the desk as it stands after the fill, written into the cache,
 * and what the order filled.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: TraderOrderInput) => traderApi.placeOrder(order),
    onSuccess: ({ filled: _filled, ...desk }) =>
      queryClient.setQueryData<TraderStrategy>(traderKeys.strategy, desk),
  });
}

// The lead-trader programme (issue 18) -----------------------------------------------------------

export const programmeKeys = {
  application: ['trader', 'application'] as const,
  programme: ['trader', 'programme'] as const,
  dashboard: ['trader', 'dashboard'] as const,
};

/** The caller's own latest application to the programme (null when they never applied). */
export const myApplicationQuery = queryOptions({
  queryKey: programmeKeys.application,
  queryFn: ({ signal }) => api.get<MyTraderApplication>('/api/trader-applications/mine', signal),
});

/** The operator's fee bounds and the instruments a strategy may allow. */
export const traderProgrammeQuery = queryOptions({
  queryKey: programmeKeys.programme,
  queryFn: ({ signal }) => api.get<TraderProgramme>('/api/trader/programme', signal),
});

/** Copiers (a count), AUM and the fees the ledger credited, per day; refreshed every 15 s. */
export const traderDashboardQuery = queryOptions({
  queryKey: programmeKeys.dashboard,
  queryFn: ({ signal }) => api.get<TraderDashboard>('/api/trader/dashboard', signal),
  refetchInterval: 15_000,
});

export function useApplyAsTrader() {
  return useAnsweringMutation(programmeKeys.application, (input: TraderApplicationInput) =>
    api.post<MyTraderApplication>('/api/trader-applications', input),
  );
}

/** Creates the trader's strategy; the desk and the dashboard are read again. */
export function useCreateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTraderStrategyInput) =>
      api.post<TraderDashboard>('/api/trader/strategy', input),
    onSuccess: (data) => {
      queryClient.setQueryData(programmeKeys.dashboard, data);
      void queryClient.invalidateQueries({ queryKey: ['trader'] });
    },
  });
}

export function useUpdateStrategyTerms(strategyId: string) {
  return useAnsweringMutation(programmeKeys.dashboard, (input: UpdateTraderStrategyInput) =>
    api.patch<TraderDashboard>(`/api/trader/strategies/${encodeURIComponent(strategyId)}`, input),
  );
}
