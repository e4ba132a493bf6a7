import {
  BUILT_IN_BANK_METHOD,
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import {
  type CreateWithdrawal,
  type FeeSchedule,
  type WithdrawalQuote,
} from '@app/shared/schemas/money';
import type { Approval } from '@app/shared/schemas/approvals';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { type ApprovalHandlers, type AdminDecisionRequest } from '../approvals';
import { brandOf, enqueueMails } from '../mail';
import {
  withdrawalHeld,
  withdrawalPaid,
  withdrawalReleased,
  runIdempotent,
  postEntry,
  announceMoneyChange,
  requireUndeletedAccount,
  withFundsCheck,
  toTransaction,
} from '../ledger';
import {
  feeTermsOf,
  methodLabel,
  activeMethodRows,
  findPayoutMethod,
  type PaymentMethodRow,
} from '../payment-methods';
import {
  moneyMail,
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
  findTransaction,
  lockTransaction,
  recordPayoutChainTx,
} from '../transactions';
import {
  NO_WITHDRAWAL_FEE,
  quoteWithdrawalFee,
  type WithdrawalFeeTerms,
} from '@app/shared/withdrawal-fee';
import type { DbOrTx } from '../../db/client';
import { TX_HASH_PATTERN, type PayoutProof } from '@app/shared/schemas/chain';
import {
  checkedPayoutAddress,
  provePayout,
  railOf,
  requireDevChain,
  sendDevPayout as sendChainDevPayout,
  type ChainRails,
  type ChainSetup,
  type ProvenPayout,
} from '../chain';

type Answer = { transaction: Transaction };

/** The method's terms, or none for a bank transfer when the operator has no bank method. */
function termsOf(method: PaymentMethodRow | undefined): WithdrawalFeeTerms {
  return method ? feeTermsOf(method) : NO_WITHDRAWAL_FEE;
}

/**
 * "Fee $X · You will receive $Y" for the form, at the fee now in force for the chosen method (a
 * crypto method by id; without one, the bank transfer's).
 */
export async function quote(
  ctx: AppContext,
  amountCents: number,
  methodId: string | undefined,
): Promise<WithdrawalQuote> {
  const method = await findPayoutMethod(ctx.db, methodId ?? null);
  if (methodId !== undefined && !method) throw refusal('PAYMENT_METHOD_NOT_FOUND');
  const terms = termsOf(method);
  const q = quoteWithdrawalFee(BigInt(amountCents), terms);
  return {
    amountCents: Number(q.amountCents),
    feeCents: Number(q.feeCents),
    netCents: Number(q.netCents),
    feePct: terms.pct,
    feeFixedCents: terms.fixedCents,
  };
}

/** Every active payout method's fee, for the public schedule (GET /api/settings/fees). */
export async function feeSchedule(db: DbOrTx): Promise<FeeSchedule> {
  const methods = await activeMethodRows(db);
  return {
    methods: methods.map((method) => {
      const terms = feeTermsOf(method);
      return {
        methodId: method.id,
        kind: method.kind,
        label: methodLabel(method),
        feePct: terms.pct,
        feeFixedCents: terms.fixedCents,
      };
    }),
    rounding: 'down_to_cent',
  };
}

/**
 * Where a withdrawal goes: its method (whose terms set the fee), label and payout details. A
 * crypto method on a rail takes an address of that network only (checked and checksummed, never
 * one of the platform's deposit addresses), and the withdrawal keeps the rail it was asked on
 * (payout details railNetwork, railToken): its payout is proven on that chain.
 */
async function payoutTarget(
  tx: Tx,
  input: CreateWithdrawal,
  rails: ChainRails | undefined,
): Promise<{
  method: PaymentMethodRow | undefined;
  label: string;
  methodId: string | null;
  payoutDetails: Record<string, string>;
}> {
  const method = await findPayoutMethod(tx, input.method === 'crypto' ? input.methodId : null);
  if (input.method === 'crypto') {
    if (!method || method.kind !== 'crypto') {
      throw refusal('PAYMENT_METHOD_REQUIRED', {}, 'methodId');
    }
    const rail =
      method.railNetwork && method.railToken
        ? railOf(rails, { network: method.railNetwork, token: method.railToken }, 'methodId')
        : null;
    const payoutDetails = {
      method: 'crypto',
      currency: method.name,
      network: method.network ?? '',
      walletAddress: rail
        ? await checkedPayoutAddress(tx, rails, input.walletAddress)
        : input.walletAddress,
      ...(rail ? { railNetwork: rail.network.key, railToken: rail.token.symbol } : {}),
    };
    return { method, label: methodLabel(method), methodId: method.id, payoutDetails };
  }
  const payoutDetails = {
    method: 'bank',
    accountNumber: input.accountNumber,
    accountName: input.accountName,
    bankName: input.bankName,
    swiftCode: input.swiftCode,
    routingNumber: input.routingNumber,
  };
  // The bank transfer's fee is the operator's bank method's (none without one).
  return { method, label: BUILT_IN_BANK_METHOD, methodId: method?.id ?? null, payoutDetails };
}

/**
 * A withdrawal request: one entry moves the whole amount available → withdrawal_hold (refused
 * with 'Insufficient balance' when available is short, checked under the account lock). The fee
 * of the method's terms now in force is fixed now, stored on the transaction (fee_cents, with the
 * method), and deducted from the payout: a later change of the schedule never changes it.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  user: UserRow,
  input: CreateWithdrawal,
  key: string | undefined,
  rails?: ChainRails,
) {
  // docs/product.md principle 4: money can always leave, so an account that is not (or no longer)
  // active may still withdraw what it holds; only a deleted one cannot.
  requireUndeletedAccount(user);
  return runIdempotent<Answer>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/withdrawals', payload: input },
    async (tx, keyId) => {
      const { method, label, methodId, payoutDetails } = await payoutTarget(tx, input, rails);
      const now = ctx.clock.now();
      const fee = quoteWithdrawalFee(BigInt(input.amount), termsOf(method));
      if (fee.netCents <= 0n) {
        throw refusal('WITHDRAWAL_BELOW_FEE', { feeCents: Number(fee.feeCents) }, 'amount');
      }
      const parts: TransactionDescription = { code: 'withdrawal', method: label };
      const row = await insertTransaction(tx, {
        userId: user.id,
        kind: 'withdrawal',
        type: 'withdraw',
        status: 'pending',
        amountCents: fee.amountCents,
        feeCents: fee.feeCents,
        description: englishDescription(parts),
        descriptionParts: parts,
        crypto: label,
        channel: input.method,
        methodId,
        payoutDetails,
        createdAt: now,
        updatedAt: now,
      });
      await withFundsCheck(() =>
        postEntry(tx, withdrawalHeld(user.id, row.amountCents, `Withdrawal ${row.transactionId}`), {
          transactionId: row.id,
          idempotencyKeyId: keyId,
          createdBy: user.id,
          createdAt: now,
        }),
      );
      const brand = brandOf(ctx);
      await enqueueMails(tx, [
        { to: user.email, content: moneyMail.withdrawalRequested(brand, user.name, row, label) },
        {
          to: ctx.config.supportEmail,
          content: moneyMail.withdrawalToSupport(brand, user, row, label),
        },
      ]);
      return {
        status: 201,
        body: { transaction: toTransaction(row) },
        afterCommit: () => {
          ctx.mailer.kick();
          announceMoneyChange(ctx, user.id, row.transactionId);
        },
      };
    },
  );
}

type PayAnswer = { transaction: Transaction } | { approval: Approval };

/**
 * Admin: paid out. The hold goes to payouts (net) and fee income (fee), once. Above the four-eyes
 * threshold nothing is booked yet: a payout approval waits for a second admin (202), and the
 * withdrawal stays pending with its hold. A withdrawal on a crypto rail is paid only with the
 * payout's transaction hash, checked on the chain first (outside any database transaction: a
 * slow node holds no lock) and stored on it under its lock (storeProof), above the threshold
 * too: the second admin approves a proven payout.
 */
export async function payWithdrawal(
  ctx: AppContext,
  request: AdminDecisionRequest,
  proof: PayoutProof,
  rails?: ChainRails,
) {
  const { admin, id, ip } = request;
  const proven = await provenPayout(ctx.db, { id, adminId: admin.id, txHash: proof.txHash }, rails);
  return decideTransaction<PayAnswer>(
    ctx,
    { ...request, verb: 'pay', ...(proof.txHash ? { body: { txHash: proof.txHash } } : {}) },
    {
      ...payout(ctx, admin.id),
      instead: async (tx) => {
        await storeProof(tx, { id, adminId: admin.id }, proven);
        return askSecondAdminAboveThreshold(ctx, tx, {
          kind: 'withdrawal',
          id,
          adminId: admin.id,
          ip,
        });
      },
    },
  );
}

type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof findTransaction>>>;

/**
 * The pending withdrawal on a rail that `adminId` may pay, with its rail; none for anything else
 * (no such withdrawal, decided, the admin's own, not on a rail), which the decision refuses or
 * pays as before.
 */
function railPayout(row: WithdrawalRow | undefined, adminId: string) {
  if (!row || row.kind !== 'withdrawal' || row.status !== 'pending' || row.userId === adminId) {
    return null;
  }
  const network = row.payoutDetails?.railNetwork;
  const token = row.payoutDetails?.railToken;
  return network && token ? { row, rail: { network, token } } : null;
}

/**
 * The chain's proof of a pending withdrawal on a rail: the hash is required (PAYOUT_TX_REQUIRED),
 * and chain provePayout checks it against the withdrawal's address and net amount (refusals on
 * txHash). Null when the withdrawal is not one to prove.
 */
async function provenPayout(
  db: DbOrTx,
  params: { id: string; adminId: string; txHash?: string | undefined },
  rails: ChainRails | undefined,
): Promise<ProvenPayout | null> {
  const target = railPayout(await findTransaction(db, params.id), params.adminId);
  if (!target) return null;
  if (!params.txHash) throw refusal('PAYOUT_TX_REQUIRED', {}, 'txHash');
  if (!TX_HASH_PATTERN.test(params.txHash)) throw refusal('PAYOUT_TX_NOT_FOUND', {}, 'txHash');
  return provePayout({
    rail: railOf(rails, target.rail, 'txHash'),
    to: target.row.payoutDetails?.walletAddress ?? '',
    netCents: target.row.amountCents - target.row.feeCents,
    txHash: params.txHash,
  });
}

/**
 * Development chain only (CHAIN_FAUCET_OFF anywhere else): the development account sends the
 * payout of a pending withdrawal on the rail, its net amount to its address, for `admin` to pay
 * it with the answered hash through payWithdrawal like any payout. Books nothing. Refused for a
 * withdrawal there is none of (WITHDRAWAL_NOT_FOUND), one decided already
 * (WITHDRAWAL_ALREADY_DECIDED), and one this admin could not pay with a hash: not on a rail, or
 * their own (CHAIN_NETWORK_UNKNOWN on withdrawalId).
 */
export async function sendDevPayout(
  ctx: AppContext,
  admin: UserRow,
  withdrawalId: string,
  chain: ChainSetup | undefined,
): Promise<{ txHash: string }> {
  requireDevChain(chain);
  const row = await findTransaction(ctx.db, withdrawalId);
  if (!row || row.kind !== 'withdrawal') throw refusal('WITHDRAWAL_NOT_FOUND');
  if (row.status !== 'pending') {
    throw refusal('WITHDRAWAL_ALREADY_DECIDED', {
      outcome: row.status === 'success' ? 'paid' : 'rejected',
    });
  }
  const target = railPayout(row, admin.id);
  if (!target) throw refusal('CHAIN_NETWORK_UNKNOWN', {}, 'withdrawalId');
  return sendChainDevPayout(ctx, chain, {
    rail: target.rail,
    to: row.payoutDetails?.walletAddress ?? '',
    netCents: row.amountCents - row.feeCents,
  });
}

/**
 * Under the withdrawal's lock: a pending withdrawal on a rail keeps its proof (unless the hash
 * proves another payout: PAYOUT_TX_USED); without one it cannot be paid (PAYOUT_TX_REQUIRED).
 */
async function storeProof(
  tx: Tx,
  params: { id: string; adminId: string },
  proven: ProvenPayout | null,
): Promise<void> {
  const found = await findTransaction(tx, params.id);
  const target = found && railPayout(await lockTransaction(tx, found.id), params.adminId);
  if (!target) return;
  if (!proven) throw refusal('PAYOUT_TX_REQUIRED', {}, 'txHash');
  await recordPayoutChainTx(tx, target.row.id, {
    network: proven.network,
    hash: proven.txHash,
    explorerUrl: proven.explorerUrl,
  });
}

/**
 * A payout a second admin approved is booked by bookPayout, once the proof stored when the first
 * admin asked (for a withdrawal on a rail) is checked on the chain again: still there, still
 * canonical.
 */
export function registerPayoutApprovals(handlers: ApprovalHandlers, rails?: ChainRails): void {
  handlers.handle(
    'withdrawal_payout',
    carryOutTransactionApproval(async (ctx, tx, params) => {
      const target = railPayout(await lockTransaction(tx, params.id), params.adminId);
      if (target) {
        await provenPayout(tx, { ...params, txHash: target.row.chainTxHash ?? undefined }, rails);
      }
      return bookPayout(ctx, tx, params);
    }),
  );
}

/**
 * Books a payout, inside the caller's transaction: pending → success once, the hold to payouts
 * and fees, the owner e-mailed and the decision audited (with the maker when a second admin
 * approved it). Used directly below the threshold and by the checker's approval above it.
 * Returns the paid row and the admin's answer.
 */
export function bookPayout(ctx: AppContext, tx: Tx, params: ApprovedDecisionParams) {
  return settleTransactionDecision(ctx, tx, params, payout(ctx, params.adminId, params));
}

/**
 * The payout decision: pending → success, the hold to payouts and fees. Paid directly while a
 * payout approval waits (another admin asked for one at the same instant, or the threshold changed
 * since): refused, the approval decides. With the maker and checker when an approval was given.
 */
function payout(
  ctx: AppContext,
  adminId: string,
  approval: ApprovedDecision = {},
): TransactionDecision {
  return {
    kind: 'withdrawal',
    outcome: { status: 'success' },
    action: 'withdrawal.paid',
    details: (row) => ({
      userId: row.userId,
      amountCents: row.amountCents.toString(),
      feeCents: row.feeCents.toString(),
      ...approvedBoth(adminId, approval),
    }),
    notice: (row) => ({
      type: 'withdrawal_paid',
      params: {
        transactionId: row.transactionId,
        amountCents: Number(row.amountCents),
        netCents: Number(row.amountCents - row.feeCents),
      },
    }),
    book: async (tx, row, { keyId, now }) => {
      await refuseWhileApprovalWaits(tx, row.id, approval.approvalId);
      await postEntry(
        tx,
        withdrawalPaid(
          row.userId,
          row.amountCents,
          row.feeCents,
          `Withdrawal ${row.transactionId} paid`,
        ),
        { transactionId: row.id, idempotencyKeyId: keyId, createdBy: adminId, createdAt: now },
      );
    },
  };
}

/**
 * Admin: not paid. The hold goes back to available; the reason is shown to the user. While a
 * payout approval waits, the withdrawal cannot be rejected (409 APPROVAL_PENDING): the checker
 * rejects the approval first.
 */
export function rejectWithdrawal(ctx: AppContext, request: AdminDecisionRequest, reason: string) {
  const { admin } = request;
  return rejectTransaction(ctx, request, reason, {
    kind: 'withdrawal',
    notice: (row) => ({
      type: 'withdrawal_rejected',
      params: { transactionId: row.transactionId, amountCents: Number(row.amountCents), reason },
    }),
    book: async (tx, row, { keyId, now }) => {
      // Checked after the decision took the row lock, so a payout approval requested at the
      // same instant is either seen here or finds the withdrawal no longer pending.
      await refuseWhileApprovalWaits(tx, row.id);
      await postEntry(
        tx,
        withdrawalReleased(row.userId, row.amountCents, `Withdrawal ${row.transactionId} rejected`),
        { transactionId: row.id, idempotencyKeyId: keyId, createdBy: admin.id, createdAt: now },
      );
    },
  });
}
