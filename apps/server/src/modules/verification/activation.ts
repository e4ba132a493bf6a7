import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { creditReferralBonus } from '../referrals';
import { verificationRequired } from '../settings';
import { activate, type AdminActor } from '../users';
import { hasApprovedVerification } from './verification.status';

/** The referrer's bonus, paid on the referred user's first activation by the acting admin. */
function payReferrer(ctx: AppContext, actor: AdminActor) {
  return (tx: Tx, user: UserRow) => creditReferralBonus(ctx, tx, user, actor.adminId);
}

/**
 * The admin's bare Activate: an operator who requires verification gets VERIFICATION_REQUIRED for
 * a user whose verification is not approved; the first activation pays the referrer's bonus.
 */
export function activateAccount(ctx: AppContext, actor: AdminActor, userId: string) {
  return activate(ctx, actor, userId, {
    mayActivate: async (tx, user) => {
      if ((await verificationRequired(tx)) && !(await hasApprovedVerification(tx, user.id))) {
        throw refusal('VERIFICATION_REQUIRED');
      }
    },
    firstActivation: payReferrer(ctx, actor),
  });
}

/**
 * Activation after a verification review: `review` (approving the user's documents) runs first in
 * the same transaction under the user's lock, so the approval and the activation commit together.
 */
export function activateReviewed(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
  review: (tx: Tx, user: UserRow) => Promise<void>,
) {
  return activate(ctx, actor, userId, { review, firstActivation: payReferrer(ctx, actor) });
}
