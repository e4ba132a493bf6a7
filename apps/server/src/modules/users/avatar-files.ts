import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sweepOrphanFiles } from '../../lib/orphan-files';

/** The users' avatar files (a user row's avatar_path names one), under the data directory. */

const AVATAR_NAME = /^[0-9a-f-]{36}\.jpg$/;

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
export function sweepOrphanAvatars(
  dataDir: string,
  referenced: ReadonlySet<string>,
  now: Date,
  graceMs: number,
): Promise<string[]> {
  return sweepOrphanFiles(avatarDir(dataDir), { ours: isAvatarName, referenced, now, graceMs });
}
