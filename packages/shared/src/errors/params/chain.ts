import { z } from 'zod';
import { cents, none } from './shapes';

/** Crypto rails (issue 41): deposits credited from the chain and payouts proven on it. */
export const CHAIN_ERROR_PARAMS = {
  /** No network is configured (or the rails are off): there is no deposit address to show. */
  CHAIN_RAILS_OFF: none,
  /** The network named in the path or body is not one the platform watches. */
  CHAIN_NETWORK_UNKNOWN: none,
  /** Test tokens exist only on the development chain. */
  CHAIN_FAUCET_OFF: none,
  /** A withdrawal address that is not a valid address of the method's network (field walletAddress). */
  WALLET_ADDRESS_INVALID: none,
  /** A withdrawal to one of the platform's own deposit addresses (field walletAddress). */
  WALLET_ADDRESS_OWN_DEPOSIT: none,
  /** Paying a withdrawal on a chain-proven method without the payout's transaction hash (field txHash). */
  PAYOUT_TX_REQUIRED: none,
  /** The hash is not a transaction on the network (yet), or it failed (field txHash). */
  PAYOUT_TX_NOT_FOUND: none,
  /** The transaction does not send the token to the withdrawal's address (field txHash). */
  PAYOUT_TX_WRONG_TRANSFER: none,
  /** It sends less than the withdrawal's net amount (field txHash). */
  PAYOUT_TX_TOO_LITTLE: z.object({ netCents: cents }),
  /** Not yet enough confirmations: try again in a few blocks (field txHash). */
  PAYOUT_TX_UNCONFIRMED: z.object({
    confirmations: z.number().int(),
    required: z.number().int(),
  }),
  /** The hash already proves another payout (field txHash). */
  PAYOUT_TX_USED: none,
} as const;
