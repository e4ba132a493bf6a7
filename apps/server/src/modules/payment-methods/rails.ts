import { refusal } from '../../http/errors';
import type { PaymentMethodRow } from './payment-methods.repo';

/**
 * The rails a crypto method may be linked to: the configured networks (by key) and the symbols
 * of their tokens. The chain module's ChainRails has this shape; the wiring hands it down
 * (buildApp's `chain.rails`), and none when the rails are off.
 */
export interface RailCatalog {
  networks: readonly { key: string; name: string; tokens: readonly { symbol: string }[] }[];
}

/** A method's rail after a change: the input's fields where given ('' unlinks), else the row's. */
export function railAfter(
  existing: Pick<PaymentMethodRow, 'railNetwork' | 'railToken'> | null,
  input: { railNetwork?: string | undefined; railToken?: string | undefined },
): { railNetwork: string | null; railToken: string | null } {
  const pick = (given: string | undefined, stored: string | null | undefined) =>
    given === undefined ? (stored ?? null) : given === '' ? null : given;
  return {
    railNetwork: pick(input.railNetwork, existing?.railNetwork),
    railToken: pick(input.railToken, existing?.railToken),
  };
}

/**
 * Refuses a rail that is not configured (CHAIN_NETWORK_UNKNOWN, on the field at fault): a
 * network the platform does not watch, a token that is not on it, or half a rail. A method
 * without a rail (both null) passes: it keeps today's flow.
 */
export function refuseUnknownRail(
  rails: RailCatalog | undefined,
  rail: { railNetwork: string | null; railToken: string | null },
): void {
  if (rail.railNetwork === null && rail.railToken === null) return;
  const network = rails?.networks.find((candidate) => candidate.key === rail.railNetwork);
  if (!network) throw refusal('CHAIN_NETWORK_UNKNOWN', {}, 'railNetwork');
  if (!network.tokens.some((token) => token.symbol === rail.railToken)) {
    throw refusal('CHAIN_NETWORK_UNKNOWN', {}, 'railToken');
  }
}
