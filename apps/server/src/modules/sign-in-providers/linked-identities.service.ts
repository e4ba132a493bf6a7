import type { LinkedIdentity } from '@app/shared/schemas/sign-in';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { refusal } from '../../http/errors';
import { recordUserAudit, removeOwnAudited, type OwnRemoval } from '../audit';
import * as repo from './sign-in-providers.repo';

// The user's linked provider accounts (/profile) --------------------------------------------------

export async function identitiesOf(ctx: AppContext, userId: string): Promise<LinkedIdentity[]> {
  const rows = await repo.listIdentities(ctx.db, userId);
  return rows.map(({ identity, displayName }) => ({
    id: identity.id,
    providerId: identity.providerId,
    displayName,
    email: identity.email,
    createdAt: identity.createdAt.toISOString(),
    lastUsedAt: identity.lastUsedAt?.toISOString() ?? null,
  }));
}

export function unlinkIdentity(ctx: AppContext, own: OwnRemoval): Promise<void> {
  return removeOwnAudited(ctx, own, {
    remove: (tx) => repo.deleteIdentity(tx, own.userId, own.id),
    notFound: () => refusal('IDENTITY_NOT_FOUND'),
    action: 'user.provider_unlinked',
    details: { identityId: own.id },
  });
}

// Links made by a sign-in through a provider (the flow is auth's) ----------------------------------

/** The provider account a sign-in proved, as a link stores it. */
export interface ProviderLink {
  providerId: string;
  issuer: string;
  subject: string;
  email: string;
}

/**
 * Links the provider account a sign-in proved to `userId`, in the caller's transaction. Its links
 * are checked again: it may have been linked since (another tab).
 */
export async function linkIdentity(
  ctx: AppContext,
  tx: DbOrTx,
  link: ProviderLink,
  userId: string,
  ip: string,
) {
  const existing = await repo.findIdentity(tx, link);
  if (existing && existing.userId !== userId) throw refusal('OIDC_NO_PENDING_SIGN_IN');
  const now = ctx.clock.now();
  if (existing) {
    await repo.touchIdentity(tx, existing.id, now);
    return;
  }
  // One provider account per provider and user: a new one replaces an older link.
  const mine = await repo.listIdentities(tx, userId);
  for (const row of mine) {
    if (row.identity.providerId === link.providerId) {
      await repo.deleteIdentity(tx, userId, row.identity.id);
    }
  }
  await repo.insertIdentity(tx, {
    userId,
    providerId: link.providerId,
    issuer: link.issuer,
    subject: link.subject,
    email: link.email,
    at: now,
  });
  await recordUserAudit(tx, userId, {
    actorId: userId,
    action: 'user.provider_linked',
    ip,
    details: { provider: link.providerId },
  });
}
