import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP per RFC 6238 with authenticator-app defaults (SHA-1, 6 digits, 30 s), ±1 step of drift. */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

export async function verifyTotp(secret: string, token: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(token)) return false;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
    });
    return result.valid;
  } catch {
    return false;
  }
}
