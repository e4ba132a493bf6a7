import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Me } from '@app/shared/schemas/auth';
import type { referralListSchema } from '@app/shared/schemas/profile';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { orphanFileSweepJob } from '../../jobs/orphan-sweep';
import type { Job } from '../../jobs/scheduler';
import { recordUserAudit } from '../audit';
import { findUserById, swapAvatar, toMe, updateUser } from '../session';
import { referralBonusCents } from '../referrals';
import {
  referredUsers,
  avatarDir,
  isAvatarName,
  removeAvatar,
  storeAvatar,
  sweepOrphanAvatars,
} from '../users';
import { processAvatar } from './avatar';
import * as repo from './profile.repo';

/** The user as the profile answers show them, read back after a change. */
async function meOf(ctx: AppContext, userId: string): Promise<Me> {
  const updated = await findUserById(ctx.db, userId);
  if (!updated) throw refusal('USER_NOT_FOUND');
  return toMe(updated);
}

/** The user's own contact details; audited, and their screens refresh. */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: { phone: string; country: string },
  ip: string,
): Promise<Me> {
  if (user.phone === input.phone && user.country === input.country) throw refusal('NO_CHANGES');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, input);
    await recordUserAudit(tx, user.id, {
      actorId: user.id,
      action: 'user.profile_updated',
      ip,
    });
  });
  const me = await meOf(ctx, user.id);
  ctx.realtime.publish(`user:${user.id}`, { type: 'account.changed' });
  return me;
}

/** `replaceAvatar`, answering with the user as they are now. */
export async function uploadAvatar(ctx: AppContext, userId: string, upload: Buffer): Promise<Me> {
  await replaceAvatar(ctx, userId, upload);
  return meOf(ctx, userId);
}

/**
 * The user's referral programme: their link, how many joined with it, the bonus in force and the
 * people (filtered on the server by `q`: a browser only ever receives its own referrals).
 */
export async function referralsOf(
  ctx: AppContext,
  user: UserRow,
  q: string | undefined,
): Promise<z.infer<typeof referralListSchema>> {
  const [referred, all] = await Promise.all([
    referredUsers(ctx, user.referralId, q),
    q ? referredUsers(ctx, user.referralId) : null,
  ]);
  return {
    referralId: user.referralId,
    referralLink: `${ctx.config.publicUrl}/register?refId=${encodeURIComponent(user.referralId)}`,
    total: (all ?? referred).length,
    bonusCents: Number(await referralBonusCents(ctx.db)),
    users: referred.map((r) => ({
      id: r.id,
      name: r.name,
      isActive: r.isActive,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The stored file of avatar `name` (our own re-encoded JPEG); AVATAR_NOT_FOUND otherwise. */
export function avatarFile(ctx: AppContext, name: string): string {
  if (!isAvatarName(name)) throw refusal('AVATAR_NOT_FOUND');
  const file = path.join(avatarDir(ctx.config.dataDir), name);
  if (!fs.existsSync(file)) throw refusal('AVATAR_NOT_FOUND');
  return file;
}

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
  let swapped: Awaited<ReturnType<typeof swapAvatar>>;
  try {
    swapped = await ctx.db.transaction((tx) => swapAvatar(tx, userId, name));
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
  const swapped = await ctx.db.transaction((tx) => swapAvatar(tx, userId, null));
  if (!swapped) throw refusal('USER_NOT_FOUND');
  await removeAvatar(ctx.config.dataDir, swapped.previous);
}

/** Hourly: files no user points at (a crash between writing one and saving the user). */
export function orphanAvatarSweepJob(ctx: AppContext): Job {
  return orphanFileSweepJob(ctx.log, {
    name: 'profile.orphan-avatars',
    graceMs: ORPHAN_GRACE_MS,
    remove: async (now, graceMs) =>
      sweepOrphanAvatars(ctx.config.dataDir, await repo.referencedAvatars(ctx.db), now, graceMs),
    removedMessage: 'orphan avatar files removed',
  });
}
