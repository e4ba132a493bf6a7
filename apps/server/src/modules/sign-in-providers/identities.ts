import type { DbOrTx } from '../../db/client';
import * as repo from './sign-in-providers.repo';

/**
 * Every provider account linked to a user is unlinked (auth/other-ways-in.ts: the account's
 * credentials changed, staff ended all access, the account closed); the names of the providers
 * they were linked through.
 */
export async function unlinkAllIdentitiesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const providerIds = await repo.deleteIdentitiesOf(db, userId);
  return repo.providerNames(db, [...new Set(providerIds)]);
}
