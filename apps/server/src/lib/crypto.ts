import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login for an unknown e-mail is not faster. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** A random secret for a cookie or a link (256 bits) and the SHA-256 digest that is stored. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function digest(secret: string): Buffer {
  return crypto.createHash('sha256').update(secret).digest();
}

/** Referral id: the name without spaces, lowercase, plus 5 base-36 characters (seed section 9). */
export function newReferralId(name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/\s+/g, '')
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 24) || 'user';
  let suffix = '';
  for (const byte of crypto.randomBytes(5)) suffix += (byte % 36).toString(36);
  return base + suffix;
}

/** Ten single-use recovery codes like "k3f9-x2m8-q7d1". */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const raw = crypto
      .randomBytes(9)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase();
}
