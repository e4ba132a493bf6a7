import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
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

/**
 * Trusts the bytes, not the name or the declared type: only data that decodes as PNG or JPEG is
 * accepted; it is re-encoded (which drops metadata such as GPS position) and resized, so what we
 * store is always a clean JPEG we made ourselves. Decoding is bounded per process, so a burst of
 * uploads cannot take every core and the memory with it.
 */
export function processAvatar(input: Buffer): Promise<Buffer> {
  return decoder.run(async () => {
    let format: string | undefined;
    try {
      format = (await sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS }).metadata()).format;
    } catch {
      throw refusal('AVATAR_REQUIRED', {}, 'avatar');
    }
    if (format !== 'png' && format !== 'jpeg') throw refusal('AVATAR_REQUIRED', {}, 'avatar');
    try {
      return await sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      throw refusal('AVATAR_REQUIRED', {}, 'avatar');
    }
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
