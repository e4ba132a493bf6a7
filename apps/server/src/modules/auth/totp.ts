import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP per RFC 6238 with authenticator-app defaults (SHA-1, 6 digits, 30 s), ±1 step of drift. */
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The time step the code belongs to when it is valid now, else null. Callers refuse a step at or
 * below the last one accepted for the user, so a code works only once.
 */
export async function totpStep(secret: string, token: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  try {
    const result = await verify({ secret, token, epoch, epochTolerance: PERIOD_SECONDS });
    if (!result.valid) return null;
    return Math.floor(epoch / PERIOD_SECONDS) + (result.delta ?? 0);
  } catch {
    return null;
  }
}
