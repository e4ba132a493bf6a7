import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { refusal } from '../../http/errors';

const AVATAR_SIZE = 256;
/** A 20-megapixel ceiling: any phone photo fits (5000 × 4000), a decompression bomb does not. */
export const AVATAR_MAX_PIXELS = 20_000_000;
/** Images decoded at once per process, and how many more may wait; past that an upload is refused. */
const DECODE_CONCURRENCY = 2;
const DECODE_QUEUE = 8;

const AVATAR_NAME = /^[0-9a-f-]{36}\.jpg$/;

/** At most `limit` tasks at once; at most `queue` waiting; beyond that `run` refuses at once. */
export function boundedRunner(limit: number, queue: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) {
        if (waiting.length >= queue) throw refusal('AVATAR_UPLOADS_BUSY');
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        // The slot passes straight to the next waiter, so `active` never overshoots the limit.
        if (next) next();
        else active -= 1;
      }
    },
  };
}

const decoder = boundedRunner(DECODE_CONCURRENCY, DECODE_QUEUE);

/** Why an image was not re-encoded: another format, too many pixels, or pixels that do not decode. */
export type ImageProblem = 'format' | 'pixels' | 'unreadable';

/** The first bytes of the formats uploads may be in: a header that does not parse after them is damaged. */
const SIGNATURES: Record<string, readonly number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

function startsAs(input: Buffer, format: string): boolean {
  const signature = SIGNATURES[format];
  return signature !== undefined && signature.every((byte, i) => input[i] === byte);
}

/**
 * Re-encodes an uploaded image, or says why not. The first bytes name the format, then the header
 * is read (no pixels decoded), so a format outside `formats` (png, jpeg) and an image over
 * `maxPixels` are told apart from a damaged one;
 * the decode itself runs under sharp's `limitInputPixels` as well, in case the header lied.
 */
export async function reencodeImage(
  input: Buffer,
  options: {
    formats: readonly string[];
    maxPixels: number;
    encode: (image: Sharp) => Sharp;
  },
): Promise<{ bytes: Buffer } | { problem: ImageProblem }> {
  if (!options.formats.some((format) => startsAs(input, format))) return { problem: 'format' };
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { problem: 'unreadable' };
  }
  if (!options.formats.includes(header.format)) return { problem: 'format' };
  if ((header.width ?? 0) * (header.height ?? 0) > options.maxPixels) return { problem: 'pixels' };
  try {
    return {
      bytes: await options.encode(sharp(input, { limitInputPixels: options.maxPixels })).toBuffer(),
    };
  } catch {
    return { problem: 'unreadable' };
  }
}

const AVATAR_REFUSALS = {
  format: () => refusal('AVATAR_FORMAT_UNSUPPORTED', {}, 'avatar'),
  pixels: () =>
    refusal('AVATAR_DIMENSIONS_TOO_LARGE', { maxMegapixels: AVATAR_MAX_PIXELS / 1e6 }, 'avatar'),
  unreadable: () => refusal('AVATAR_UNREADABLE', {}, 'avatar'),
} satisfies Record<ImageProblem, () => unknown>;

/**
 * Trusts the bytes, not the name or the declared type: only data that decodes as PNG or JPEG is
 * accepted; it is re-encoded (which drops metadata such as GPS position) and resized, so what we
 * store is always a clean JPEG we made ourselves. Decoding is bounded per process, so a burst of
 * uploads cannot take every core and the memory with it. Each refusal says why (AVATAR_REFUSALS).
 */
export function processAvatar(input: Buffer): Promise<Buffer> {
  return decoder.run(async () => {
    const result = await reencodeImage(input, {
      formats: ['png', 'jpeg'],
      maxPixels: AVATAR_MAX_PIXELS,
      encode: (image) =>
        image
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .jpeg({ quality: 85, mozjpeg: true }),
    });
    if ('problem' in result) throw AVATAR_REFUSALS[result.problem]();
    return result.bytes;
  });
}

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

export function isAvatarName(name: string): boolean {
  return AVATAR_NAME.test(name);
}

export async function storeAvatar(dataDir: string, image: Buffer): Promise<string> {
  const dir = avatarDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomUUID()}.jpg`;
  await fs.writeFile(path.join(dir, name), image);
  return name;
}

export async function removeAvatar(dataDir: string, name: string | null): Promise<void> {
  if (!name || !isAvatarName(name)) return;
  await fs.rm(path.join(avatarDir(dataDir), name), { force: true });
}

/**
 * Deletes avatar files no user points at (left by a crash between writing the file and saving the
 * user). Files younger than `graceMs` are kept: their upload may still be on its way to the database.
 */
export async function sweepOrphanAvatars(
  dataDir: string,
  referenced: ReadonlySet<string>,
  now: Date,
  graceMs: number,
): Promise<string[]> {
  const dir = avatarDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!isAvatarName(name) || referenced.has(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (!stat || now.getTime() - stat.mtimeMs < graceMs) continue;
    await removeAvatar(dataDir, name);
    removed.push(name);
  }
  return removed;
}
