import type { Me } from '@app/shared/schemas/auth';
import type { UserRow } from '../../db/schema';

/** The only shape of a user that leaves the server for its owner: no hashes, no secrets. */
export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    phone: user.phone,
    country: user.country,
    referralId: user.referralId,
    referrerId: user.referrerId,
    avatarUrl: user.avatarPath ? `/uploads/avatars/${user.avatarPath}` : null,
    isActive: user.isActive,
    isAdmin: user.isAdmin,
    isTrader: user.isTrader,
    twoFactorEnabled: user.totpEnabledAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
