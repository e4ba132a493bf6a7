import type {
  ChainDepositAddress,
  ChainRail,
  ChainTransfer,
  chainFaucetSchema,
} from '@app/shared/schemas/chain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/**
 * The crypto rails as the investor sees them (issue 41): the networks and tokens credited from the
 * chain, their own deposit address on each, and the transfers the chain watcher has seen. Every key
 * sits under ['chain'], which the realtime `chain.transfers.changed` event refreshes.
 */
export const chainKeys = {
  all: ['chain'] as const,
  rails: ['chain', 'rails'] as const,
  address: (network: string) => ['chain', 'address', network] as const,
  transfers: ['chain', 'transfers'] as const,
};

/** While a transfer is on its way to a credit, the list is also read this often (the socket may be down). */
export const OPEN_TRANSFER_REFETCH_MS = 4000;

/** The whole tokens the "Send test USDC" button asks the development chain's faucet for. */
export const FAUCET_TOKENS = 25;

/** The rails the platform credits (none when they are off: the deposit form stands alone then). */
export const chainRailsQuery = queryOptions({
  queryKey: chainKeys.rails,
  queryFn: ({ signal }) =>
    api.get<{ rails: ChainRail[] }>('/api/chain/rails', signal).then((answer) => answer.rails),
  staleTime: 60_000,
});

/** The signed-in investor's own address on `network`: the same every time, so it is kept. */
export function chainAddressQuery(network: string) {
  return queryOptions({
    queryKey: chainKeys.address(network),
    queryFn: ({ signal }) =>
      api
        .get<{
          address: ChainDepositAddress;
        }>(`/api/chain/networks/${encodeURIComponent(network)}/address`, signal)
        .then((answer) => answer.address),
    staleTime: Infinity,
  });
}

/** Whether a transfer may still change on its own (seen or confirming): the list is polled then. */
export function isTransferOpen(transfer: Pick<ChainTransfer, 'status'>): boolean {
  return transfer.status === 'seen' || transfer.status === 'confirming';
}

/**
 * The investor's incoming transfers on `network`, newest first. The socket refreshes them; while
 * one is still open they are also read every few seconds, so "Confirming 2 of 3" moves on even
 * when the socket is down.
 */
export function useChainTransfers(network: string) {
  return useQuery({
    queryKey: chainKeys.transfers,
    queryFn: ({ signal }) =>
      api
        .get<{ transfers: ChainTransfer[] }>('/api/chain/transfers', signal)
        .then((answer) => answer.transfers),
    select: (transfers) => transfers.filter((transfer) => transfer.network === network),
    refetchInterval: (query) =>
      query.state.data?.some(isTransferOpen) ? OPEN_TRANSFER_REFETCH_MS : false,
  });
}

/** "Send test USDC" (development chain only): test tokens to the investor's own address. */
export function useChainFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.infer<typeof chainFaucetSchema>) =>
      api.post<{ txHash: string }>('/api/chain/dev/faucet', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chainKeys.transfers }),
  });
}
