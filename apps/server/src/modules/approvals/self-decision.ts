import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { runIdempotent, type IdempotentOutcome, type OperationResult } from '../ledger';

/**
 * No one decides on their own money: an admin may not approve or reject their own deposit, pay or
 * reject their own withdrawal, adjust their own account, approve an approval about their own money,
 * activate themselves or pay themselves a referral bonus by activating someone. Another admin must.
 */
export class SelfDecisionError extends AppError<'SELF_DECISION_FORBIDDEN'> {
  constructor(
    readonly operation: string,
    readonly targetType: string,
    readonly targetId: string,
  ) {
    super('SELF_DECISION_FORBIDDEN', {});
    this.name = 'SelfDecisionError';
  }
}

/** The admin who asked for a four-eyes approval cannot also give it. */
export class SecondAdminRequiredError extends AppError<'SECOND_ADMIN_REQUIRED'> {
  constructor(
    readonly operation: string,
    readonly targetType: string,
    readonly targetId: string,
  ) {
    super('SECOND_ADMIN_REQUIRED', {});
    this.name = 'SecondAdminRequiredError';
  }
}

/**
 * Runs an admin decision; when it is refused as a self-decision (or the maker tries to check),
 * the refusal is written to the audit log after the decision's transaction rolled back (nothing
 * else of it remains), and the error goes on to the client.
 */
export async function auditingSelfDecisions<T>(
  ctx: AppContext,
  actor: { adminId: string; ip: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SelfDecisionError || error instanceof SecondAdminRequiredError) {
      await recordAudit(ctx.db, {
        actorId: actor.adminId,
        action:
          error instanceof SelfDecisionError
            ? 'refused.self_decision'
            : 'refused.same_admin_approval',
        targetType: error.targetType,
        targetId: error.targetId,
        ip: actor.ip,
        details: { operation: error.operation },
      });
    }
    throw error;
  }
}

/** The refusal of a self-decision that is known before any work starts, audited. */
export async function refusedSelfDecision(
  ctx: AppContext,
  adminId: string,
  ip: string,
  operation: string,
  targetType: string,
  targetId: string,
): Promise<SelfDecisionError> {
  const error = new SelfDecisionError(operation, targetType, targetId);
  await recordAudit(ctx.db, {
    actorId: adminId,
    action: 'refused.self_decision',
    targetType,
    targetId,
    ip,
    details: { operation },
  });
  return error;
}

/** An admin's request to decide on one thing (a deposit, a withdrawal, an approval). */
export interface AdminDecisionRequest {
  admin: UserRow;
  /** The thing decided on: a uuid, or a TNX id for a transaction. */
  id: string;
  /** The request's Idempotency-Key, if sent. */
  key: string | undefined;
  ip: string;
}

/**
 * One admin decision on money (a deposit, a withdrawal, an approval), the way every one runs:
 * idempotent under the admin's `Idempotency-Key` for `scope` (the route, `POST /api/admin/...`),
 * in one transaction, and refused self-decisions audited after it rolled back.
 */
export function adminDecision<T>(
  ctx: AppContext,
  actor: { adminId: string; ip: string },
  request: { scope: string; key: string | undefined; payload: unknown },
  work: (tx: Tx, keyId: bigint | null) => Promise<OperationResult<T>>,
): Promise<IdempotentOutcome<T>> {
  return auditingSelfDecisions(ctx, actor, () =>
    runIdempotent<T>(
      ctx,
      { userId: actor.adminId, key: request.key, scope: request.scope, payload: request.payload },
      work,
    ),
  );
}
