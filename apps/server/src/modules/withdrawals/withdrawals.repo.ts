import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import {
  paymentMethods,
  transactions,
  type PaymentMethodRow,
  type TransactionRow,
} from '../ledger/ledger.schema';
import { FEE_KEY } from '../settings/settings.service';

/**
 * What a withdrawal request reads before booking, in one statement: the payout method (if one
 * was chosen; only an active one) and the stored withdrawal fee percentage (undefined if unset).
 */
export async function findPayoutMethodAndFee(
  db: DbOrTx,
  methodId: string | null,
): Promise<{ method: PaymentMethodRow | undefined; storedFeePct: unknown }> {
  const [row] = await db
    .select({
      storedFeePct:
        sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = ${FEE_KEY})`.mapWith(
          settings.value,
        ),
      method: paymentMethods,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(
      paymentMethods,
      methodId === null
        ? sql`false`
        : and(eq(paymentMethods.id, methodId), isNull(paymentMethods.retiredAt)),
    );
  return { method: row?.method ?? undefined, storedFeePct: row?.storedFeePct ?? undefined };
}

/** A transaction row locked until the caller's transaction ends. */
export async function lockTransactionRow(
  db: DbOrTx,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}
