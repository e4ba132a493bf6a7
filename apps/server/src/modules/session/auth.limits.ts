import type { Config } from '../../config';
import type { BucketFamily } from '../../http/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every brute-force limit of the ways in, in one table. A secret guessed (password, TOTP or
 * recovery code) counts against the account whatever address it comes from, and against the
 * address whatever account it targets; mail sent counts against its recipient. Keys are the
 * same whether or not an account exists, so a limit never tells which e-mails are registered.
 */
export function authLimits(limits: Config['rateLimits']) {
  return {
    /** Wrong passwords or codes from one address, across accounts and endpoints. */
    guessByAddress: { name: 'guess:address', max: limits.loginAddress, windowMs: 15 * MINUTE },
    /** Wrong passwords for one account (login, change password, 2FA off), from any address. */
    passwordByAccount: { name: 'password:account', max: limits.login, windowMs: 15 * MINUTE },
    /** Wrong TOTP or recovery codes for one account (login's second step, 2FA on), any address. */
    otpByAccount: { name: 'otp:account', max: limits.twoFactor, windowMs: 15 * MINUTE },
    /** Sign-ups from one address. */
    registerByAddress: { name: 'register:address', max: limits.register, windowMs: HOUR },
    /** Auth e-mails (sign-up, recovery, verification) sent to one address. */
    mailByRecipient: { name: 'mail:recipient', max: limits.recovery, windowMs: HOUR },
    /** Recovery and verification requests and link uses from one address. */
    linkByAddress: { name: 'link:address', max: limits.recovery, windowMs: HOUR },
    /** Recovery and verification link uses for one account, from any address. */
    linkByAccount: { name: 'link:account', max: limits.recovery, windowMs: HOUR },
  } satisfies Record<string, BucketFamily>;
}
