import { boundedRunner, reencodeImage, type ImageProblem } from '../../lib/image';
import { refusal } from '../../http/errors';

const AVATAR_SIZE = 256;
/** A 20-megapixel ceiling: any phone photo fits (5000 × 4000), a decompression bomb does not. */
export const AVATAR_MAX_PIXELS = 20_000_000;
/** Images decoded at once per process, and how many more may wait; past that an upload is refused. */
const DECODE_CONCURRENCY = 2;
const DECODE_QUEUE = 8;

const decoder = boundedRunner(DECODE_CONCURRENCY, DECODE_QUEUE);

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
