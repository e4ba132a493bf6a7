import type { Me } from '@app/shared/schemas/auth';
import type { AdminUser } from '@app/shared/schemas/admin-users';
import type { UserRow } from '../../db/schema';

function avatarUrlOf(user: UserRow): string | null {
  return user.avatarPath ? `/uploads/avatars/${user.avatarPath}` : null;
}

/**
 * What both the owner and staff see of an account, in the order the owner's view lists it: no
 * hashes, no secrets.
 */
function accountView(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    phone: user.phone,
    country: user.country,
    referralId: user.referralId,
    referrerId: user.referrerId,
    avatarUrl: avatarUrlOf(user),
    isActive: user.isActive,
    activatedAt: user.activatedAt?.toISOString() ?? null,
    isAdmin: user.isAdmin,
    isTrader: user.isTrader,
    twoFactorEnabled: user.totpEnabledAt !== null,
  };
}

/** The only shape of a user that leaves the server for its owner: no hashes, no secrets. */
export function toMe(user: UserRow): Me {
  return {
    ...accountView(user),
    passwordChangeRequired: user.passwordChangeRequired,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What an admin sees of a user: still no hashes, TOTP secrets or tokens. */
export function toAdminUser(user: UserRow): AdminUser {
  return {
    ...accountView(user),
    deleted: user.deletedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
