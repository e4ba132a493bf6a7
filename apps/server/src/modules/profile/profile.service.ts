import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import type { Job } from '../../jobs/scheduler';
import { processAvatar, removeAvatar, storeAvatar, sweepOrphanAvatars } from './avatar';
import * as repo from './profile.repo';

const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Re-encodes the upload, stores it under a new name and points the user at it; the file it
 * replaces is removed, and so is the new one if the user could not be pointed at it.
 */
export async function replaceAvatar(
  ctx: AppContext,
  userId: string,
  upload: Buffer,
): Promise<void> {
  const image = await processAvatar(upload);
  const name = await storeAvatar(ctx.config.dataDir, image);
  let swapped: Awaited<ReturnType<typeof repo.swapAvatar>>;
  try {
    swapped = await repo.swapAvatar(ctx.db, userId, name);
  } catch (error) {
    await removeAvatar(ctx.config.dataDir, name);
    throw error;
  }
  if (!swapped) {
    await removeAvatar(ctx.config.dataDir, name);
    throw refusal('USER_NOT_FOUND');
  }
  await removeAvatar(ctx.config.dataDir, swapped.previous);
  ctx.realtime.publish(`user:${userId}`, { type: 'account.changed' });
}

export async function clearAvatar(ctx: AppContext, userId: string): Promise<void> {
  const swapped = await repo.swapAvatar(ctx.db, userId, null);
  if (!swapped) throw refusal('USER_NOT_FOUND');
  await removeAvatar(ctx.config.dataDir, swapped.previous);
}

/** Removes the avatar file of a user whose row no longer points at it (account deleted). */
export function discardAvatarFile(ctx: AppContext, name: string | null): Promise<void> {
  return removeAvatar(ctx.config.dataDir, name);
}

/** Hourly: files no user points at (a crash between writing one and saving the user). */
export function orphanAvatarSweepJob(ctx: AppContext): Job {
  return {
    name: 'profile.orphan-avatars',
    everyMs: ORPHAN_GRACE_MS,
    run: async (now) => {
      const referenced = await repo.referencedAvatars(ctx.db);
      const removed = await sweepOrphanAvatars(
        ctx.config.dataDir,
        referenced,
        now,
        ORPHAN_GRACE_MS,
      );
      if (removed.length > 0)
        ctx.log.info({ removed: removed.length }, 'orphan avatar files removed');
    },
  };
}
