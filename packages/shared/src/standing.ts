/**
 * Where an account stands: `new` until an admin first activates it, `deactivated` when an admin
 * has switched an activated account off. Either way its owner still sees their money, closes
 * trades and withdraws; only deposits and new trades wait for an active account.
 *
 * Its own module, without zod or the phone rules, so the screens that only ask this (the
 * dashboard, /plans) do not load the sign-up forms' validation.
 */
export type AccountStanding = 'active' | 'new' | 'deactivated';

export function accountStanding(user: {
  isActive: boolean;
  activatedAt: string | Date | null;
}): AccountStanding {
  if (user.isActive) return 'active';
  return user.activatedAt === null ? 'new' : 'deactivated';
}
