import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must read back (TOTP seeds) are stored sealed with AES-256-GCM, so a copy of
 * the database alone does not give away anyone's second factor. Format: `v1.` + base64url of
 * IV (12 bytes) | auth tag (16 bytes) | ciphertext.
 */
const PREFIX = 'v1.';

export function seal(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext, or null when the value was not sealed with this key (or was tampered with). */
export function unseal(key: Buffer, sealed: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The key: SECRETS_KEY (base64, 32 bytes; required when several instances share a database), or
 * a key file created once in the data directory (readable by this OS user only).
 */
export function loadSecretsKey(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  const file = path.join(dataDir, 'secrets.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return loadSecretsKey(fs.readFileSync(file, 'utf8').trim(), dataDir);
}
