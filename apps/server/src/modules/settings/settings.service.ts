import type { FeeSchedule } from '@app/shared/schemas/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { DEFAULT_SETTINGS } from '../../seed/seed';
import { recordAudit } from '../audit/audit.repo';
import { normaliseFeePct } from '../withdrawals/domain/fee';
import { getSetting, putSetting } from './settings.repo';

export const FEE_KEY = 'withdrawal_fee_pct';

/** The fee percentage in force given the stored setting ("10" when unset; may be "0"). */
export function feePctFrom(stored: unknown): string {
  return normaliseFeePct(stored ?? DEFAULT_SETTINGS.withdrawal_fee_pct);
}

/** The withdrawal fee percentage now in force ("10" by default; may be "0"). */
export async function withdrawalFeePct(db: DbOrTx): Promise<string> {
  return feePctFrom(await getSetting(db, FEE_KEY));
}

export async function feeSchedule(ctx: AppContext): Promise<FeeSchedule> {
  return { withdrawalFeePct: await withdrawalFeePct(ctx.db), rounding: 'down_to_cent' };
}

/** Admin: a new fee applies to withdrawals requested from now on (pending ones keep theirs). */
export async function updateFeeSchedule(
  ctx: AppContext,
  actorId: string,
  input: { withdrawalFeePct: string },
  ip: string,
): Promise<FeeSchedule> {
  const pct = normaliseFeePct(input.withdrawalFeePct);
  await ctx.db.transaction(async (tx) => {
    const before = await withdrawalFeePct(tx);
    await putSetting(tx, FEE_KEY, pct, ctx.clock.now());
    await recordAudit(tx, {
      actorId,
      action: 'settings.withdrawal_fee_changed',
      targetType: 'setting',
      targetId: FEE_KEY,
      ip,
      details: { from: before, to: pct },
    });
  });
  ctx.realtime.publish('public', { type: 'settings.fees.changed' });
  return { withdrawalFeePct: pct, rounding: 'down_to_cent' };
}
