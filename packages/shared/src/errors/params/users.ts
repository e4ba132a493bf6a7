import { z } from 'zod';
import { cents, none } from './shapes';

/** Users and profiles: account administration, avatars, closing an account. */
export const USER_ERROR_PARAMS = {
  USER_NOT_FOUND: none,
  NO_CHANGES: none,
  CANNOT_DEACTIVATE_SELF: none,
  CANNOT_REMOVE_OWN_ADMIN: none,
  CANNOT_DELETE_SELF: none,
  LAST_ADMIN: none,
  AVATAR_REQUIRED: none,
  AVATAR_TOO_LARGE: none,
  AVATAR_NOT_FOUND: none,
  AVATAR_UPLOADS_BUSY: none,
  /** A change of e-mail address to the address the account already has (field newEmail). */
  EMAIL_UNCHANGED: none,
  /** Closing one's own account while a trade is open (close the trades first). */
  ACCOUNT_CLOSE_TRADES_OPEN: none,
  /** Closing one's own account while a withdrawal waits to be paid. */
  ACCOUNT_CLOSE_WITHDRAWAL_PENDING: none,
  /** Closing one's own account while a deposit waits for review. */
  ACCOUNT_CLOSE_DEPOSIT_PENDING: none,
  /** Closing one's own account with money still in it (withdraw it first). */
  ACCOUNT_CLOSE_MONEY_LEFT: z.object({ availableCents: cents }),
  /** Admins and lead traders close their accounts through support (a strategy or the back office depends on them). */
  ACCOUNT_CLOSE_STAFF: none,
  /** An avatar whose name or content is not PNG or JPEG. */
  AVATAR_FORMAT_UNSUPPORTED: none,
  /** An avatar over the pixel ceiling (a decompression bomb never decodes). */
  AVATAR_DIMENSIONS_TOO_LARGE: z.object({ maxMegapixels: z.number() }),
  /** A PNG or JPEG whose pixels do not decode (damaged, cut short). */
  AVATAR_UNREADABLE: none,
} as const;
