import {
  MONEY_MESSAGES,
  type CreateWithdrawal,
  type WithdrawalQuote,
} from '@app/shared/schemas/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { enqueueMails } from '../mail/outbox.repo';
import { withdrawalHeld, withdrawalPaid, withdrawalReleased } from '../ledger/domain';
import { runIdempotent } from '../ledger/idempotency';
import { postEntry } from '../ledger/ledger.service';
import {
  announceMoneyChange,
  brandOf,
  requireActiveAccount,
  withFundsCheck,
  settleDecision,
} from '../ledger/money.common';
import { methodLabel } from '../payment-methods/payment-method.view';
import { feePctFrom, withdrawalFeePct } from '../settings/settings.service';
import { moneyMail } from '../transactions/transaction.mail';
import { toTransaction } from '../transactions/transaction.view';
import { insertTransaction } from '../transactions/transactions.repo';
import { decideOrThrow } from '../transactions/transactions.service';
import { quoteWithdrawal } from './domain/fee';
import { findPayoutMethodAndFee } from './withdrawals.repo';

type Answer = { transaction: Transaction };

/** "Fee $X · You will receive $Y" for the form, at the fee now in force. */
export async function quote(ctx: AppContext, amountCents: number): Promise<WithdrawalQuote> {
  const q = quoteWithdrawal(BigInt(amountCents), await withdrawalFeePct(ctx.db));
  return {
    amountCents: Number(q.amountCents),
    feeCents: Number(q.feeCents),
    netCents: Number(q.netCents),
    feePct: q.feePct,
  };
}

/**
 * A withdrawal request: one entry moves the whole amount available → withdrawal_hold (refused
 * with 'Insufficient balance' when available is short, checked under the account lock). The fee
 * is fixed now, stored on the transaction, and deducted from the payout.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  user: UserRow,
  input: CreateWithdrawal,
  key: string | undefined,
) {
  requireActiveAccount(user);
  return runIdempotent<Answer>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/withdrawals', payload: input },
    async (tx, keyId) => {
      let label: string;
      let methodId: string | null = null;
      let payoutDetails: Record<string, string>;
      const { method, storedFeePct } = await findPayoutMethodAndFee(
        tx,
        input.method === 'crypto' ? input.methodId : null,
      );
      if (input.method === 'crypto') {
        if (!method || method.kind !== 'crypto') {
          throw badRequest(MONEY_MESSAGES.selectMethod, 'methodId');
        }
        label = methodLabel(method);
        methodId = method.id;
        payoutDetails = {
          method: 'crypto',
          currency: method.name,
          network: method.network ?? '',
          walletAddress: input.walletAddress,
        };
      } else {
        label = 'Bank Transfer';
        payoutDetails = {
          method: 'bank',
          accountNumber: input.accountNumber,
          accountName: input.accountName,
          bankName: input.bankName,
          swiftCode: input.swiftCode,
          routingNumber: input.routingNumber,
        };
      }
      const now = ctx.clock.now();
      const fee = quoteWithdrawal(BigInt(input.amount), feePctFrom(storedFeePct));
      const row = await insertTransaction(tx, {
        userId: user.id,
        kind: 'withdrawal',
        type: 'withdraw',
        status: 'pending',
        amountCents: fee.amountCents,
        feeCents: fee.feeCents,
        description: `Withdrawal via ${label}`,
        crypto: label,
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

/** Admin: paid out. The hold goes to payouts (net) and fee income (fee), once. */
export async function payWithdrawal(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  key: string | undefined,
  ip: string,
) {
  return runIdempotent<Answer>(
    ctx,
    { userId: admin.id, key, scope: `POST /api/admin/withdrawals/${id}/pay`, payload: {} },
    async (tx, keyId) => {
      const now = ctx.clock.now();
      const row = await decideOrThrow(tx, {
        idOrTransactionId: id,
        kind: 'withdrawal',
        status: 'success',
        decidedBy: admin.id,
        now,
      });
      await postEntry(
        tx,
        withdrawalPaid(
          row.userId,
          row.amountCents,
          row.feeCents,
          `Withdrawal ${row.transactionId} paid`,
        ),
        { transactionId: row.id, idempotencyKeyId: keyId, createdBy: admin.id, createdAt: now },
      );
      return settleDecision(ctx, tx, {
        row,
        adminId: admin.id,
        ip,
        action: 'withdrawal.paid',
        details: {
          userId: row.userId,
          amountCents: row.amountCents.toString(),
          feeCents: row.feeCents.toString(),
        },
        mail: (owner) => moneyMail.withdrawalPaid(brandOf(ctx), owner.name, row),
      });
    },
  );
}

/** Admin: not paid. The hold goes back to available; the reason is shown to the user. */
export async function rejectWithdrawal(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  reason: string,
  key: string | undefined,
  ip: string,
) {
  return runIdempotent<Answer>(
    ctx,
    {
      userId: admin.id,
      key,
      scope: `POST /api/admin/withdrawals/${id}/reject`,
      payload: { reason },
    },
    async (tx, keyId) => {
      const now = ctx.clock.now();
      const row = await decideOrThrow(tx, {
        idOrTransactionId: id,
        kind: 'withdrawal',
        status: 'failed',
        failureReason: reason,
        decidedBy: admin.id,
        now,
      });
      await postEntry(
        tx,
        withdrawalReleased(row.userId, row.amountCents, `Withdrawal ${row.transactionId} rejected`),
        { transactionId: row.id, idempotencyKeyId: keyId, createdBy: admin.id, createdAt: now },
      );
      return settleDecision(ctx, tx, {
        row,
        adminId: admin.id,
        ip,
        action: 'withdrawal.rejected',
        details: { userId: row.userId, reason },
        mail: (owner) => moneyMail.withdrawalRejected(brandOf(ctx), owner.name, row, reason),
      });
    },
  );
}
