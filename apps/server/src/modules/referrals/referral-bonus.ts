import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import { formatUsd } from '@app/shared/money';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { SelfDecisionError } from '../approvals';
import { recordUserAudit } from '../audit';
import { referralBonus, postEntry, announceMoneyChange } from '../ledger';
import { brandOf, enqueueMail } from '../mail';
import { composeMail } from '../mail';
import { findReferrer } from '../session';
import { getSetting } from '../settings';
import { insertTransaction } from '../transactions';
import * as repo from './referrals.repo';

/** The referrer's bonus when none is stored (the seed stores it on a fresh install). */
export const DEFAULT_REFERRAL_BONUS_CENTS = 10000;

/** The bonus now in force, in cents; 0 switches the programme off. */
export async function referralBonusCents(db: DbOrTx): Promise<bigint> {
  const stored = await getSetting(db, 'referral_bonus_cents');
  const value = stored ?? DEFAULT_REFERRAL_BONUS_CENTS;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? BigInt(value) : 0n;
}

/**
 * docs/product.md: the referrer earns the bonus when the referred account is activated by an
 * admin, once per referred person (the primary key on referral_bonuses makes a second one
 * impossible), booked through the ledger in the activation's transaction. Returns what to
 * announce after commit.
 */
export async function creditReferralBonus(
  ctx: AppContext,
  tx: Tx,
  referred: UserRow,
  adminId: string,
): Promise<(() => void) | null> {
  if (!referred.referrerId) return null;
  const amount = await referralBonusCents(tx);
  if (amount === 0n) return null;
  const referrer = await findReferrer(tx, referred.referrerId);
  if (!referrer || referrer.deletedAt || referrer.id === referred.id) return null;
  // No one decides on their own money: the admin activating the account cannot be its referrer.
  if (referrer.id === adminId) throw new SelfDecisionError('referral.bonus', 'user', referred.id);
  if (await repo.bonusPaidFor(tx, referred.id)) return null;

  const now = ctx.clock.now();
  const parts: TransactionDescription = { code: 'referral_bonus', name: referred.name };
  const description = englishDescription(parts);
  const row = await insertTransaction(tx, {
    userId: referrer.id,
    kind: 'referral_bonus',
    type: 'credit',
    status: 'success',
    amountCents: amount,
    description,
    descriptionParts: parts,
    decidedBy: adminId,
    decidedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertReferralBonus(tx, {
    referredUserId: referred.id,
    referrerUserId: referrer.id,
    transactionId: row.id,
    amountCents: amount,
  });
  await postEntry(tx, referralBonus(referrer.id, amount, description), {
    transactionId: row.id,
    idempotencyKeyId: null,
    createdBy: adminId,
    createdAt: now,
  });
  await enqueueMail(
    tx,
    referrer.email,
    composeMail(
      brandOf(ctx),
      'referral_bonus',
      `You earned a ${formatUsd(amount)} referral bonus`,
      [
        `Hello ${referrer.name},`,
        `${referred.name}, who joined with your referral link, has been activated. We added a referral bonus of ${formatUsd(amount)} to your available balance (${row.transactionId}).`,
      ],
      { label: 'View Transactions', url: `${ctx.config.publicUrl}/transactions` },
    ),
  );
  await recordUserAudit(tx, referrer.id, {
    actorId: adminId,
    action: 'referral.bonus',
    details: {
      referredUserId: referred.id,
      amountCents: amount.toString(),
      transactionId: row.transactionId,
    },
  });
  return () => announceMoneyChange(ctx, referrer.id, row.transactionId);
}
