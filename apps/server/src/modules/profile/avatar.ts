import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AVATAR_MESSAGES } from '@app/shared/schemas/profile';
import { badRequest } from '../../http/errors';

const AVATAR_SIZE = 256;

/**
 * Trusts the bytes, not the name or the declared type: only data that decodes as PNG or JPEG is
 * accepted; it is re-encoded (which drops metadata such as GPS position) and resized, so what we
 * store is always a clean JPEG we made ourselves.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw badRequest(AVATAR_MESSAGES.required, 'avatar');
  }
  if (format !== 'png' && format !== 'jpeg') throw badRequest(AVATAR_MESSAGES.required, 'avatar');
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest(AVATAR_MESSAGES.required, 'avatar');
  }
}

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

export async function storeAvatar(dataDir: string, image: Buffer): Promise<string> {
  const dir = avatarDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomUUID()}.jpg`;
  await fs.writeFile(path.join(dir, name), image);
  return name;
}

export async function removeAvatar(dataDir: string, name: string | null): Promise<void> {
  if (!name || !/^[0-9a-f-]{36}\.jpg$/.test(name)) return;
  await fs.rm(path.join(avatarDir(dataDir), name), { force: true });
}
