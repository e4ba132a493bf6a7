import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './handles';

/**
 * A check that runs as the first statement of every transaction opened while it is bound, and can
 * refuse the transaction by throwing (it then rolls back having written nothing). The HTTP layer
 * binds one for each signed-in request (modules/auth/standing.ts): whatever service the request
 * calls, each of its writes re-checks, under a lock, that the actor may still act.
 */
export type TransactionGuard = (tx: Tx) => Promise<void>;

const bound = new AsyncLocalStorage<TransactionGuard>();

/** Runs `work` with `guard` bound: every transaction it opens (on any guarded Db) checks first. */
export function withTransactionGuard<T>(guard: TransactionGuard, work: () => T): T {
  return bound.run(guard, work);
}

/**
 * Runs `work` with no guard bound. Work a request only starts (a mail delivery run, a timer) is
 * the server's, not the actor's: started inside a request it would otherwise inherit the guard.
 */
export function outsideTransactionGuards<T>(work: () => T): T {
  return bound.exit(work);
}

/**
 * The Db whose transactions run the bound guard first. A savepoint (`tx.transaction`) is part of
 * its transaction and is not checked again.
 */
export function guardTransactions(db: Db): Db {
  const open = db.transaction.bind(db);
  const guarded: Db['transaction'] = (work, config) => {
    const guard = bound.getStore();
    if (guard === undefined) return open(work, config);
    return open(async (tx) => {
      await guard(tx);
      return work(tx);
    }, config);
  };
  db.transaction = guarded;
  return db;
}
