import Decimal from 'decimal.js';
import type { FourEyesSetting } from '@app/shared/schemas/approvals';
import type { FeeSchedule } from '@app/shared/schemas/money';
import type { VerificationSetting } from '@app/shared/schemas/verification';
import {
  DOCUMENT_RETENTION_DAYS,
  type AppropriatenessSetting,
  type DocumentRetentionSetting,
} from '@app/shared/schemas/appropriateness';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { DEFAULT_SETTINGS } from '../../seed/seed';
import { recordAudit } from '../audit/audit.service';
import { thresholdFrom } from '../approvals/domain/four-eyes';
import { normaliseFeePct } from '../withdrawals/domain/fee';
import * as repo from './settings.repo';

export const FEE_KEY = 'withdrawal_fee_pct';
export const FOUR_EYES_KEY = 'four_eyes_threshold_cents';
export const TRADER_FEE_BOUNDS_KEY = 'trader_fee_bounds';

/** Lead traders' performance fees, in %, when the operator has not set bounds: 0 to 30. */
export const DEFAULT_TRADER_FEE_BOUNDS = { feeMinPct: '0', feeMaxPct: '30' } as const;

export interface TraderFeeBounds {
  feeMinPct: string;
  feeMaxPct: string;
}

/** The bounds a stored setting holds ({feeMinPct, feeMaxPct} as decimal text), or the defaults. */
export function traderFeeBoundsFrom(stored: unknown): TraderFeeBounds {
  if (typeof stored === 'object' && stored !== null) {
    const { feeMinPct, feeMaxPct } = stored as Record<string, unknown>;
    if (typeof feeMinPct === 'string' && typeof feeMaxPct === 'string') {
      return { feeMinPct, feeMaxPct };
    }
  }
  return { ...DEFAULT_TRADER_FEE_BOUNDS };
}

/**
 * Stores a setting and records who changed it from what to what, in one transaction: `inForce`
 * reads the value the change replaces (for the audit row's details).
 */
async function changeSetting<T>(
  ctx: AppContext,
  change: {
    key: string;
    value: unknown;
    action: string;
    actorId: string;
    ip: string;
    inForce: (db: DbOrTx) => Promise<T>;
    details: (before: T) => Record<string, unknown>;
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await change.inForce(tx);
    await repo.putSetting(tx, change.key, change.value, ctx.clock.now());
    await recordAudit(tx, {
      actorId: change.actorId,
      action: change.action,
      targetType: 'setting',
      targetId: change.key,
      ip: change.ip,
      details: change.details(before),
    });
  });
}

/** The bounds within which a lead trader sets their strategy's performance fee. */
export async function traderFeeBounds(db: DbOrTx): Promise<TraderFeeBounds> {
  return traderFeeBoundsFrom(await repo.getSetting(db, TRADER_FEE_BOUNDS_KEY));
}

/** Admin: new bounds apply to fees set from now on (strategies keep the fee they have). */
export async function updateTraderFeeBounds(
  ctx: AppContext,
  actorId: string,
  input: TraderFeeBounds,
  ip: string,
): Promise<TraderFeeBounds> {
  // The schema took percentages from 0 to 100 with at most 2 decimals: canonical text ("2.5").
  const bounds = {
    feeMinPct: new Decimal(input.feeMinPct).toString(),
    feeMaxPct: new Decimal(input.feeMaxPct).toString(),
  };
  await changeSetting(ctx, {
    key: TRADER_FEE_BOUNDS_KEY,
    value: bounds,
    action: 'settings.trader_fee_bounds_changed',
    actorId,
    ip,
    inForce: traderFeeBounds,
    details: (before) => ({ from: before, to: bounds }),
  });
  return bounds;
}

/** The fee percentage in force given the stored setting ("0" when unset). */
export function feePctFrom(stored: unknown): string {
  return normaliseFeePct(stored ?? DEFAULT_SETTINGS.withdrawal_fee_pct);
}

/** The withdrawal fee percentage now in force ("0" by default: the operator sets any fee). */
export async function withdrawalFeePct(db: DbOrTx): Promise<string> {
  return feePctFrom(await repo.getSetting(db, FEE_KEY));
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
  await changeSetting(ctx, {
    key: FEE_KEY,
    value: pct,
    action: 'settings.withdrawal_fee_changed',
    actorId,
    ip,
    inForce: withdrawalFeePct,
    details: (before) => ({ from: before, to: pct }),
  });
  ctx.realtime.publish('public', { type: 'settings.fees.changed' });
  return { withdrawalFeePct: pct, rounding: 'down_to_cent' };
}

/**
 * Adjustments and withdrawal payouts above this many cents need a second admin; 0 = every one
 * ($1,000.00 when the operator has not set it).
 */
export async function fourEyesThresholdCents(db: DbOrTx): Promise<bigint> {
  return thresholdFrom(await repo.getSetting(db, FOUR_EYES_KEY));
}

export async function fourEyesSetting(ctx: AppContext): Promise<FourEyesSetting> {
  return { thresholdCents: Number(await fourEyesThresholdCents(ctx.db)) };
}

/** Admin: a new threshold applies to actions from now on (waiting approvals stay as they are). */
export async function updateFourEyesSetting(
  ctx: AppContext,
  actorId: string,
  input: { threshold: number },
  ip: string,
): Promise<FourEyesSetting> {
  await changeSetting(ctx, {
    key: FOUR_EYES_KEY,
    value: input.threshold,
    action: 'settings.four_eyes_threshold_changed',
    actorId,
    ip,
    inForce: fourEyesThresholdCents,
    details: (before) => ({ fromCents: before.toString(), toCents: String(input.threshold) }),
  });
  return { thresholdCents: input.threshold };
}

export const VERIFICATION_REQUIRED_KEY = 'verification_required';

/**
 * Whether an admin's bare Activate needs an approved verification (issue 21). Off unless the
 * operator turns it on: the review queue's Approve activates either way (docs/verification.md).
 */
export async function verificationRequired(db: DbOrTx): Promise<boolean> {
  return (await repo.getSetting(db, VERIFICATION_REQUIRED_KEY)) === true;
}

export async function verificationSetting(ctx: AppContext): Promise<VerificationSetting> {
  return { verificationRequired: await verificationRequired(ctx.db) };
}

export async function updateVerificationSetting(
  ctx: AppContext,
  actorId: string,
  input: VerificationSetting,
  ip: string,
): Promise<VerificationSetting> {
  await changeSetting(ctx, {
    key: VERIFICATION_REQUIRED_KEY,
    value: input.verificationRequired,
    action: 'settings.verification_required_changed',
    actorId,
    ip,
    inForce: verificationRequired,
    details: (before) => ({ from: before, to: input.verificationRequired }),
  });
  return { verificationRequired: input.verificationRequired };
}

export const APPROPRIATENESS_REQUIRED_KEY = 'appropriateness_required';

/**
 * Whether a new copy trade needs the appropriateness check on record (issue 21). On unless the
 * operator turns it off (docs/appropriateness.md says why the default differs from
 * verificationRequired's).
 */
export async function appropriatenessRequired(db: DbOrTx): Promise<boolean> {
  return (await repo.getSetting(db, APPROPRIATENESS_REQUIRED_KEY)) !== false;
}

export async function appropriatenessSetting(ctx: AppContext): Promise<AppropriatenessSetting> {
  return { appropriatenessRequired: await appropriatenessRequired(ctx.db) };
}

export async function updateAppropriatenessSetting(
  ctx: AppContext,
  actorId: string,
  input: AppropriatenessSetting,
  ip: string,
): Promise<AppropriatenessSetting> {
  await changeSetting(ctx, {
    key: APPROPRIATENESS_REQUIRED_KEY,
    value: input.appropriatenessRequired,
    action: 'settings.appropriateness_required_changed',
    actorId,
    ip,
    inForce: appropriatenessRequired,
    details: (before) => ({ from: before, to: input.appropriatenessRequired }),
  });
  return { appropriatenessRequired: input.appropriatenessRequired };
}

export const DOCUMENT_RETENTION_KEY = 'verification_document_retention_days';

/** The stored retention in days, or the default (5 years) when unset or not a whole number. */
export function retentionDaysFrom(stored: unknown): number {
  return typeof stored === 'number' &&
    Number.isInteger(stored) &&
    stored >= DOCUMENT_RETENTION_DAYS.min &&
    stored <= DOCUMENT_RETENTION_DAYS.max
    ? stored
    : DOCUMENT_RETENTION_DAYS.default;
}

/** Days after an account's closure before its verification files are deleted. */
export async function documentRetentionDays(db: DbOrTx): Promise<number> {
  return retentionDaysFrom(await repo.getSetting(db, DOCUMENT_RETENTION_KEY));
}

export async function documentRetentionSetting(ctx: AppContext): Promise<DocumentRetentionSetting> {
  return { retentionDays: await documentRetentionDays(ctx.db) };
}

export async function updateDocumentRetentionSetting(
  ctx: AppContext,
  actorId: string,
  input: DocumentRetentionSetting,
  ip: string,
): Promise<DocumentRetentionSetting> {
  await changeSetting(ctx, {
    key: DOCUMENT_RETENTION_KEY,
    value: input.retentionDays,
    action: 'settings.document_retention_changed',
    actorId,
    ip,
    inForce: documentRetentionDays,
    details: (before) => ({ fromDays: before, toDays: input.retentionDays }),
  });
  return { retentionDays: input.retentionDays };
}

/** A stored setting's value (undefined when never set), for another module's own settings. */
export function getSetting(db: DbOrTx, key: string): Promise<unknown> {
  return repo.getSetting(db, key);
}
