import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { tellWaysInEnded } from '../notifications';
import { findUserById } from '../session';

/**
 * Staff changed a provider's issuer or client, or removed it: the links made through it (already
 * deleted by the caller, in this transaction) are told to their owners, each in their activity
 * and by e-mail.
 */
export async function providerLinksDropped(
  ctx: AppContext,
  tx: Tx,
  userIds: string[],
  event: {
    reason: 'provider_changed' | 'provider_removed';
    provider: string;
    actorId: string;
    ip: string | null;
  },
): Promise<void> {
  for (const userId of userIds) {
    const user = await findUserById(tx, userId);
    if (!user) continue;
    await tellWaysInEnded(
      ctx,
      tx,
      user,
      { reason: event.reason, tokens: 0, providers: [event.provider] },
      event,
    );
  }
}
