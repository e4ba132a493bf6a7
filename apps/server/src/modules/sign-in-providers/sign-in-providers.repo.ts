import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  signInProviders,
  userIdentities,
  type SignInProviderRow,
  type UserIdentityRow,
} from '../../db/schema';

export async function listProviders(db: DbOrTx): Promise<SignInProviderRow[]> {
  return db.select().from(signInProviders).orderBy(asc(signInProviders.displayName));
}

export async function findProvider(db: DbOrTx, id: string): Promise<SignInProviderRow | undefined> {
  const [row] = await db.select().from(signInProviders).where(eq(signInProviders.id, id));
  return row;
}

export async function upsertProvider(
  db: DbOrTx,
  values: Omit<SignInProviderRow, 'createdAt'> & { createdAt: Date },
): Promise<void> {
  await db
    .insert(signInProviders)
    .values(values)
    .onConflictDoUpdate({
      target: signInProviders.id,
      set: {
        displayName: values.displayName,
        issuerUrl: values.issuerUrl,
        clientId: values.clientId,
        clientSecretSealed: values.clientSecretSealed,
        updatedAt: values.updatedAt,
      },
    });
}

/** Removes a provider (its links go with it: ON DELETE CASCADE); false when there was none. */
export async function deleteProvider(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(signInProviders)
    .where(eq(signInProviders.id, id))
    .returning({ id: signInProviders.id });
  return rows.length > 0;
}

/** The link of the provider account `subject` of `issuer`, through this provider. */
export async function findIdentity(
  db: DbOrTx,
  key: { providerId: string; issuer: string; subject: string },
): Promise<UserIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.providerId, key.providerId),
        eq(userIdentities.issuer, key.issuer),
        eq(userIdentities.subject, key.subject),
      ),
    );
  return row;
}

export async function insertIdentity(
  db: DbOrTx,
  values: {
    userId: string;
    providerId: string;
    issuer: string;
    subject: string;
    email: string;
    at: Date;
  },
): Promise<void> {
  await db.insert(userIdentities).values({
    userId: values.userId,
    providerId: values.providerId,
    issuer: values.issuer,
    subject: values.subject,
    email: values.email,
    createdAt: values.at,
    lastUsedAt: values.at,
  });
}

export async function touchIdentity(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(userIdentities).set({ lastUsedAt: at }).where(eq(userIdentities.id, id));
}

/** The user's linked provider accounts, with each provider's name, oldest first. */
export async function listIdentities(db: DbOrTx, userId: string) {
  return db
    .select({ identity: userIdentities, displayName: signInProviders.displayName })
    .from(userIdentities)
    .innerJoin(signInProviders, eq(signInProviders.id, userIdentities.providerId))
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt));
}

/** Unlinks one of the user's provider accounts; false when it is not theirs. */
export async function deleteIdentity(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}

/** Unlinks every provider account of a user; the providers they were linked through. */
export async function deleteIdentitiesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .delete(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .returning({ providerId: userIdentities.providerId });
  return rows.map((row) => row.providerId);
}

/** Unlinks every account linked through a provider; who they were (user id), each once. */
export async function deleteIdentitiesThrough(db: DbOrTx, providerId: string): Promise<string[]> {
  const rows = await db
    .delete(userIdentities)
    .where(eq(userIdentities.providerId, providerId))
    .returning({ userId: userIdentities.userId });
  return [...new Set(rows.map((row) => row.userId))];
}

/** The display names of these providers (those that still exist). */
export async function providerNames(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ displayName: signInProviders.displayName })
    .from(signInProviders)
    .where(inArray(signInProviders.id, ids))
    .orderBy(asc(signInProviders.displayName));
  return rows.map((row) => row.displayName);
}
