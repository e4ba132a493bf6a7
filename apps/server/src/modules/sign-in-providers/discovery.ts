import * as client from 'openid-client';
import type { SignInProviderRow } from '../../db/schema';
import { cacheKey, type AppCaches } from '../../caches';

/**
 * Each provider's discovery document (its endpoints and keys, as an openid-client Configuration),
 * fetched once and kept for an hour, per app instance (AppCaches). The cache key holds everything the
 * configuration depends on, so a provider changed by staff is discovered afresh; a failed
 * discovery is not remembered.
 */
const KEEP_MS = 60 * 60 * 1000;

interface Entry {
  key: string;
  at: number;
  config: Promise<client.Configuration>;
}

const DISCOVERY = cacheKey<Map<string, Entry>>('sign-in provider discovery');
const discoveryOf = (caches: AppCaches) => caches.keep(DISCOVERY, () => new Map<string, Entry>());

/** http:// is allowed for an issuer on this machine only (development and tests). */
function isLoopback(issuer: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

export function providerConfiguration(
  caches: AppCaches,
  provider: Pick<SignInProviderRow, 'id' | 'issuerUrl' | 'clientId' | 'updatedAt'>,
  clientSecret: string,
  now: number,
): Promise<client.Configuration> {
  const cache = discoveryOf(caches);
  const key = `${provider.issuerUrl}|${provider.clientId}|${provider.updatedAt.getTime()}`;
  const found = cache.get(provider.id);
  if (found && found.key === key && now - found.at < KEEP_MS) return found.config;
  const issuer = new URL(provider.issuerUrl);
  const config = client.discovery(
    issuer,
    provider.clientId,
    undefined,
    client.ClientSecretBasic(clientSecret),
    issuer.protocol === 'http:' && isLoopback(issuer)
      ? { execute: [client.allowInsecureRequests], timeout: 10 }
      : { timeout: 10 },
  );
  cache.set(provider.id, { key, at: now, config });
  config.catch(() => {
    if (cache.get(provider.id)?.config === config) cache.delete(provider.id);
  });
  return config;
}

/** Forgets a provider's discovery (staff changed or removed it). */
export function forgetProvider(caches: AppCaches, id: string): void {
  discoveryOf(caches).delete(id);
}
