import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { refusal } from '../../http/errors';
import { boundedRunner, reencodeImage, type ImageProblem } from '../../lib/image';
import { sweepOrphanFiles } from '../../lib/orphan-files';
import type { DocumentFileType } from './domain/document-file';

/**
 * Identity and address documents at rest: sealed with AES-256-GCM under a key derived from the
 * server's secrets key (SECRETS_KEY or DATA_DIR/secrets.key, the one that seals TOTP seeds), in
 * DATA_DIR/private/verification — never under DATA_DIR/uploads, which is the public avatars' home.
 * Each file is bound to its random storage name (the GCM additional data), so a sealed file moved
 * under another name does not open. Format: IV (12 bytes) | auth tag (16 bytes) | ciphertext.
 */

/** A phone photo of a document is legible at this size; larger ones are scaled down. */
const MAX_EDGE = 2400;
/** A 40-megapixel ceiling (a 50 MP phone photo is refused): a decompression bomb never decodes. */
export const DOCUMENT_MAX_PIXELS = 40_000_000;
const STORAGE_NAME = /^[0-9a-f-]{36}\.bin$/;

const decoder = boundedRunner(2, 8);

export function documentKey(secretsKey: Buffer): Buffer {
  return crypto.createHmac('sha256', secretsKey).update('verification-documents-v1').digest();
}

export function documentDir(dataDir: string): string {
  return path.join(dataDir, 'private', 'verification');
}

const DOCUMENT_REFUSALS = {
  format: (field: string) => refusal('VERIFICATION_FILE_TYPE', {}, field),
  pixels: (field: string) =>
    refusal(
      'VERIFICATION_FILE_DIMENSIONS_TOO_LARGE',
      { maxMegapixels: DOCUMENT_MAX_PIXELS / 1e6 },
      field,
    ),
  unreadable: (field: string) => refusal('VERIFICATION_FILE_UNREADABLE', {}, field),
} satisfies Record<ImageProblem, (field: string) => unknown>;

/**
 * What we store for an accepted file: images decoded and re-encoded as JPEG (orientation applied,
 * metadata such as GPS position dropped, at most MAX_EDGE pixels a side); PDFs as they came.
 * Refuses, naming `field`, an image of another format, over the pixel limit, or that does not
 * decode, each with its own code.
 */
export function cleanDocument(
  type: DocumentFileType,
  bytes: Buffer,
  field: string,
): Promise<{ bytes: Buffer; mediaType: 'image/jpeg' | 'application/pdf' }> {
  if (type === 'pdf') return Promise.resolve({ bytes, mediaType: 'application/pdf' });
  return decoder.run(async () => {
    const result = await reencodeImage(bytes, {
      formats: [type],
      maxPixels: DOCUMENT_MAX_PIXELS,
      encode: (image) =>
        image
          .rotate()
          .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 88, mozjpeg: true }),
    });
    if ('problem' in result) throw DOCUMENT_REFUSALS[result.problem](field);
    return { bytes: result.bytes, mediaType: 'image/jpeg' as const };
  });
}

export function newStorageName(): string {
  return `${crypto.randomUUID()}.bin`;
}

export async function writeSealed(
  dataDir: string,
  secretsKey: Buffer,
  storageName: string,
  plaintext: Buffer,
): Promise<void> {
  if (!STORAGE_NAME.test(storageName)) throw new Error('bad storage name');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', documentKey(secretsKey), iv);
  cipher.setAAD(Buffer.from(storageName));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const dir = documentDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(dir, storageName), Buffer.concat([iv, cipher.getAuthTag(), body]), {
    mode: 0o600,
    flag: 'wx',
  });
}

/** The plaintext, or null when the file is missing or does not open with this key and name. */
export async function readSealed(
  dataDir: string,
  secretsKey: Buffer,
  storageName: string,
): Promise<Buffer | null> {
  if (!STORAGE_NAME.test(storageName)) return null;
  const raw = await fs.readFile(path.join(documentDir(dataDir), storageName)).catch(() => null);
  if (!raw || raw.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      documentKey(secretsKey),
      raw.subarray(0, 12),
    );
    decipher.setAAD(Buffer.from(storageName));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  } catch {
    return null;
  }
}

export async function removeSealed(dataDir: string, storageName: string): Promise<void> {
  if (!STORAGE_NAME.test(storageName)) return;
  await fs.rm(path.join(documentDir(dataDir), storageName), { force: true });
}

/**
 * Sealed files no row points at whose last change is older than `graceMs` (a crash between
 * writing a file and committing its row, or between deleting a row's file reference and the
 * file): removed; returns their names. A younger file may be an upload whose row is about to be
 * committed, so it stays until a later sweep.
 */
export function sweepOrphanSealed(
  dataDir: string,
  referenced: ReadonlySet<string>,
  now: Date,
  graceMs: number,
): Promise<string[]> {
  return sweepOrphanFiles(documentDir(dataDir), {
    ours: (name) => STORAGE_NAME.test(name),
    referenced,
    now,
    graceMs,
  });
}
