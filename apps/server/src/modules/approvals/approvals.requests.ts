import type { Approval } from '@app/shared/schemas/approvals';
import type { DbOrTx, Tx } from '../../db/client';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { approvalView } from './approvals.common';
import {
  findPendingApprovalOfTransaction,
  insertApproval,
  soloMovedCents,
  type NewApproval,
} from './approvals.repo';

/**
 * For the modules that ask for a second admin (adjustments, withdrawals, deposits, settings,
 * users): the approvals table is this module's. What an approval asks for is carried out by the
 * handler its module registered (approval-handlers.ts), so approvals imports none of them.
 */

export type { NewApproval } from './approvals.repo';
export { settingKeyOf } from './setting-keys';

/**
 * The maker's half of anything that waits for a second admin: one waiting approval (409
 * APPROVAL_PENDING when the same thing already waits) and its 'approval.requested' audit entry
 * about `about`; returns the approval as the admin screens show it.
 */
export async function askSecondAdmin(
  tx: Tx,
  values: NewApproval,
  about: { ip: string; targetType: string; targetId: string; details?: Record<string, unknown> },
): Promise<Approval> {
  const approval = await insertApproval(tx, values);
  if (!approval) throw refusal('APPROVAL_PENDING');
  await recordAudit(tx, {
    actorId: values.requestedBy,
    action: 'approval.requested',
    targetType: about.targetType,
    targetId: about.targetId,
    ip: about.ip,
    details: { approvalId: approval.id, kind: approval.kind, ...about.details },
  });
  return approvalView(tx, approval.id);
}

/**
 * askSecondAdmin for a setting_change: nobody's money (no user, no amount), the key the change is
 * stored under, the value asked for and the one in force.
 */
export function askSecondAdminToChange(
  tx: Tx,
  change: { key: string; value: unknown; from: unknown; requestedBy: string; requestedAt: Date },
  about: Parameters<typeof askSecondAdmin>[2],
): Promise<Approval> {
  return askSecondAdmin(
    tx,
    {
      kind: 'setting_change',
      userId: null,
      amountCents: 0n,
      bucket: null,
      reason: null,
      transactionId: null,
      settingKey: change.key,
      settingValue: change.value,
      settingFrom: change.from,
      requestedBy: change.requestedBy,
      requestedAt: change.requestedAt,
    },
    about,
  );
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
