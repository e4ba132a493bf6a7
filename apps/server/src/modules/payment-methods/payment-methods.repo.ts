import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, type PaymentMethodRow } from '../../db/schema';

export type { PaymentMethodRow };

export type NewPaymentMethod = typeof paymentMethods.$inferInsert;

export async function listActiveMethods(db: DbOrTx): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(isNull(paymentMethods.retiredAt))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.createdAt));
}

export async function listAllMethods(db: DbOrTx): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.createdAt));
}

export async function findMethod(db: DbOrTx, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function findActiveMethod(
  db: DbOrTx,
  id: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.retiredAt)));
  return row;
}

export async function insertMethod(
  db: DbOrTx,
  values: NewPaymentMethod,
): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateMethod(
  db: DbOrTx,
  id: string,
  values: Partial<NewPaymentMethod>,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .update(paymentMethods)
    .set(values)
    .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.retiredAt)))
    .returning();
  return row;
}

/** Active methods that still carry the seed's placeholder details. */
export async function listActiveDemoMethods(db: DbOrTx): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(isNull(paymentMethods.retiredAt), eq(paymentMethods.isDemo, true)))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.createdAt));
}

/**
 * The active method a payout goes by, whose fee terms apply: the crypto method chosen, or for a
 * bank transfer (no method chosen) the operator's first active bank method, if there is one.
 */
export async function findPayoutMethod(
  db: DbOrTx,
  methodId: string | null,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        isNull(paymentMethods.retiredAt),
        methodId === null ? eq(paymentMethods.kind, 'bank') : eq(paymentMethods.id, methodId),
      ),
    )
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.createdAt))
    .limit(1);
  return row;
}

/** Adds `methods` when there are none at all (a fresh install's demo methods). */
export async function insertMethodsIfNone(db: DbOrTx, methods: NewPaymentMethod[]): Promise<void> {
  const [any] = await db.select({ id: paymentMethods.id }).from(paymentMethods).limit(1);
  if (!any) await db.insert(paymentMethods).values(methods);
}

/** Any method (retired too) linked to this rail. */
export async function findRailMethod(
  db: DbOrTx,
  railNetwork: string,
  railToken: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.railNetwork, railNetwork), eq(paymentMethods.railToken, railToken)),
    )
    .limit(1);
  return row;
}
