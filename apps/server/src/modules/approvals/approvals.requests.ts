import type { DbOrTx } from '../../db/client';
import {
  findPendingApprovalOfTransaction,
  insertApproval,
  soloMovedCents,
  type NewApproval,
} from './approvals.repo';

/**
 * For the modules that ask for a second admin (adjustments, withdrawals, deposits, settings,
 * users): the approvals table is this module's. Kept apart from approvals.service, which calls
 * back into those modules to carry an approval out, so neither imports the other in a circle.
 */

export type { NewApproval } from './approvals.repo';

/** A new waiting approval; undefined when the same thing already has one waiting. */
export function requestApproval(db: DbOrTx, values: NewApproval) {
  return insertApproval(db, values);
}

/** The approval (payout or deposit approval) waiting on a deposit or withdrawal, if any. */
export function pendingApprovalOf(db: DbOrTx, transactionId: string) {
  return findPendingApprovalOfTransaction(db, transactionId);
}

/**
 * What one admin moved alone for one user since `since`, in cents, read after taking the turn of
 * that admin and that user (see approvals.repo soloMovedCents).
 */
export function movedAloneCents(
  db: DbOrTx,
  params: Parameters<typeof soloMovedCents>[1],
): Promise<bigint> {
  return soloMovedCents(db, params);
}
