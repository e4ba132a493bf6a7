import sharp, { type Metadata, type Sharp } from 'sharp';
import { refusal } from '../http/errors';

/**
 * Uploaded images (an avatar, an identity document): decoded a few at a time, trusted only once
 * they re-encode.
 */

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
