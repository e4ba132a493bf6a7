import type { LinkedIdentity } from '@app/shared/schemas/sign-in';
import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
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

export async function unlinkIdentity(
  ctx: AppContext,
  userId: string,
  id: string,
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteIdentity(tx, userId, id))) throw refusal('IDENTITY_NOT_FOUND');
    await recordAudit(tx, {
      actorId: userId,
      action: 'user.provider_unlinked',
      targetType: 'user',
      targetId: userId,
      ip,
      details: { identityId: id },
    });
  });
}
