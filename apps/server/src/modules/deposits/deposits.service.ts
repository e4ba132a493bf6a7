import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { Approval } from '@app/shared/schemas/approvals';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import {
  depositApproved,
  runIdempotent,
  postEntry,
  announceMoneyChange,
  requireActiveAccount,
  toTransaction,
} from '../ledger';
import { methodLabel, findActiveMethod } from '../payment-methods';
import { type ApprovalHandlers, type AdminDecisionRequest } from '../approvals';
import {
  approvedBoth,
  askSecondAdminAboveThreshold,
  carryOutTransactionApproval,
  refuseWhileApprovalWaits,
  type ApprovedDecision,
  type ApprovedDecisionParams,
  decideTransaction,
  rejectTransaction,
  settleTransactionDecision,
  type TransactionDecision,
  insertTransaction,
} from '../transactions';

type Answer = { transaction: Transaction };

/**
 * "I have made the payment": a pending credit transaction. No ledger movement yet — until the
 * operator confirms the money arrived there is nothing to book (a memo entry would have to be a
 * zero or a fake amount); the approval books cash → available in one entry.
 */
export async function requestDeposit(
  ctx: AppContext,
  user: UserRow,
  input: { methodId: string; amount: number; reference?: string | undefined },
  key: string | undefined,
) {
  requireActiveAccount(user);
  return runIdempotent<Answer>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/deposits', payload: input },
    async (tx) => {
      const method = await findActiveMethod(tx, input.methodId);
      // A method on a crypto rail is credited from the chain, to the investor's own address
      // (/deposits/chain/:network), never by an admin's review of "I have made the payment".
      if (!method || method.railNetwork) throw refusal('PAYMENT_METHOD_REQUIRED', {}, 'methodId');
      const now = ctx.clock.now();
      const label = methodLabel(method);
      const parts: TransactionDescription = { code: 'deposit', method: label };
      const row = await insertTransaction(tx, {
        userId: user.id,
        kind: 'deposit',
        type: 'credit',
        status: 'pending',
        amountCents: BigInt(input.amount),
        description: englishDescription(parts),
        descriptionParts: parts,
        crypto: label,
        channel: method.kind,
        paymentReference: input.reference?.trim() || null,
        methodId: method.id,
        createdAt: now,
        updatedAt: now,
      });
      return {
        status: 201,
        body: { transaction: toTransaction(row) },
        afterCommit: () => announceMoneyChange(ctx, user.id, row.transactionId),
      };
    },
  );
}

type ApproveAnswer = Answer | { approval: Approval };

/**
 * Admin: the money arrived. Books platform cash → user available, once; never one's own. Above
 * the four-eyes threshold (with what this admin approved alone for the user in the last 24 hours)
 * nothing is booked yet: a deposit approval waits for a second admin (202), the deposit stays
 * pending.
 */
export function approveDeposit(ctx: AppContext, request: AdminDecisionRequest) {
  const { admin, id, ip } = request;
  return decideTransaction<ApproveAnswer>(
    ctx,
    { ...request, verb: 'approve' },
    {
      ...depositApproval(admin.id),
      instead: (tx) =>
        askSecondAdminAboveThreshold(ctx, tx, { kind: 'deposit', id, adminId: admin.id, ip }),
    },
  );
}

/** A deposit approval a second admin approved is booked by bookDepositApproval. */
export function registerDepositApprovals(handlers: ApprovalHandlers): void {
  handlers.handle('deposit_approval', carryOutTransactionApproval(bookDepositApproval));
}

/** The checker's half: the deposit approved by the second admin, with both names in the audit. */
export function bookDepositApproval(ctx: AppContext, tx: Tx, params: ApprovedDecisionParams) {
  return settleTransactionDecision(ctx, tx, params, depositApproval(params.adminId, params));
}

/**
 * The approval decision: pending → success, cash → the user's available balance. Refused while
 * a deposit approval waits (the approval decides); with the maker and checker when one was given.
 */
function depositApproval(adminId: string, approval: ApprovedDecision = {}): TransactionDecision {
  return {
    kind: 'deposit',
    outcome: { status: 'success' },
    action: 'deposit.approved',
    details: (row) => ({
      userId: row.userId,
      amountCents: row.amountCents.toString(),
      ...approvedBoth(adminId, approval),
    }),
    notice: (row) => ({
      type: 'deposit_approved',
      params: { transactionId: row.transactionId, amountCents: Number(row.amountCents) },
    }),
    book: (tx, row) => refuseWhileApprovalWaits(tx, row.id, approval.approvalId),
    // Every approval posts from platform:cash: its lock is taken last, held only to COMMIT.
    bookLast: async (tx, row, { keyId, now }) => {
      await postEntry(
        tx,
        depositApproved(row.userId, row.amountCents, `Deposit ${row.transactionId}`),
        { transactionId: row.id, idempotencyKeyId: keyId, createdBy: adminId, createdAt: now },
      );
    },
  };
}

/** Admin: the money never arrived. Failed with the reason the user will see; nothing booked. */
export function rejectDeposit(ctx: AppContext, request: AdminDecisionRequest, reason: string) {
  return rejectTransaction(ctx, request, reason, {
    kind: 'deposit',
    // Checked under the deposit's lock: an approval asked for at the same instant is seen here,
    // or finds the deposit no longer pending.
    book: async (tx, row) => {
      await refuseWhileApprovalWaits(tx, row.id);
    },
    notice: (row) => ({
      type: 'deposit_rejected',
      params: { transactionId: row.transactionId, amountCents: Number(row.amountCents), reason },
    }),
  });
}
