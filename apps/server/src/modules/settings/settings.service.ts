import type { AuditAction } from '@app/shared/schemas/audit-actions';
import Decimal from 'decimal.js';
import {
  DUAL_CONTROL_SETTINGS,
  type Approval,
  type DualControlSetting,
  type FourEyesSetting,
} from '@app/shared/schemas/approvals';
import type { VerificationSetting } from '@app/shared/schemas/verification';
import { PRACTICE_STARTING_CENTS, type PracticeSetting } from '@app/shared/schemas/practice';
import {
  DOCUMENT_RETENTION_DAYS,
  type AppropriatenessSetting,
  type DocumentRetentionSetting,
} from '@app/shared/schemas/appropriateness';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  type ApprovalHandlers,
  announceApprovalChange,
  askSecondAdminToChange,
  thresholdFrom,
} from '../approvals';
import { recordAudit } from '../audit';
import * as repo from './settings.repo';

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
 * How a setting under dual control changes: its audit action, the value in force (for the audit
 * row and the checker), and whether a new value widens what one admin can do alone or takes more
 * from users — then a second admin must approve it (settings/domain/widens.ts holds the rules).
 */
interface SettingRule<T> {
  key: DualControlSetting;
  action: AuditAction;
  inForce: (db: DbOrTx) => Promise<T>;
  widens: (before: T, after: T) => boolean;
  /** The value as stored in settings and in the approval (JSON). */
  stored: (value: T) => unknown;
  /** The value back from what an approval stored. */
  parse: (stored: unknown) => T;
  afterChange?: (ctx: AppContext) => void;
}

/** What a change answers: done (200, the new value) or waiting for a second admin (202). */
export type SettingChangeOutcome<T> =
  { status: 200; body: T } | { status: 202; body: { approval: Approval } };

/**
 * Changes a setting, or asks a second admin to: a change that widens (rule.widens) is recorded as
 * a waiting approval and nothing changes yet; any other is stored at once. Either way audited, in
 * one transaction.
 */
async function changeSetting<T>(
  ctx: AppContext,
  rule: SettingRule<T>,
  value: T,
  actor: { actorId: string; ip: string },
): Promise<{ approval: Approval } | null> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const before = await rule.inForce(tx);
    if (!rule.widens(before, value)) {
      await storeChange(ctx, tx, rule, before, value, actor);
      return null;
    }
    const approval = await askSecondAdminToChange(
      tx,
      {
        key: rule.key,
        value: rule.stored(value),
        from: rule.stored(before),
        requestedBy: actor.actorId,
        requestedAt: ctx.clock.now(),
      },
      {
        ip: actor.ip,
        targetType: 'setting',
        targetId: rule.key,
        details: { from: rule.stored(before), to: rule.stored(value) },
      },
    );
    return { approval };
  });
  if (outcome) announceApprovalChange(ctx, null);
  else rule.afterChange?.(ctx);
  return outcome;
}

async function storeChange<T>(
  ctx: AppContext,
  tx: Tx,
  rule: SettingRule<T>,
  before: T,
  value: T,
  actor: { actorId: string; ip: string; requestedBy?: string; approvalId?: string },
): Promise<void> {
  await repo.putSetting(tx, rule.key, rule.stored(value), ctx.clock.now());
  await recordAudit(tx, {
    actorId: actor.actorId,
    action: rule.action,
    targetType: 'setting',
    targetId: rule.key,
    ip: actor.ip,
    details: {
      from: rule.stored(before),
      to: rule.stored(value),
      ...(actor.requestedBy
        ? {
            requestedBy: actor.requestedBy,
            approvedBy: actor.actorId,
            approvalId: actor.approvalId,
          }
        : {}),
    },
  });
}

/**
 * The checker's half of a setting change (registerSettingApprovals): the value the maker asked for is
 * stored, audited with both admins. Returns what to announce after the commit.
 */
export async function applySettingChange(
  ctx: AppContext,
  tx: Tx,
  change: {
    key: string;
    value: unknown;
    adminId: string;
    ip: string;
    requestedBy: string;
    approvalId: string;
  },
): Promise<() => void> {
  const setting = DUAL_CONTROL_SETTINGS.find((key) => key === change.key);
  if (
    !setting ||
    setting === 'payment_method' ||
    setting === 'sign_in_provider' ||
    setting === 'withdrawal_fee_pct'
  ) {
    throw new Error(`no dual-control rule for setting ${change.key}`);
  }
  return APPLY[setting](ctx, tx, change);
}

/** A change of one of this module's settings, once a second admin approved it (APPLY). */
export function registerSettingApprovals(handlers: ApprovalHandlers): void {
  const settings = DUAL_CONTROL_SETTINGS.filter((key): key is keyof typeof APPLY => key in APPLY);
  handlers.handleSettings(settings, (ctx, tx, change, by) =>
    applySettingChange(ctx, tx, { ...change, ...by }),
  );
}

async function applyWith<T>(
  ctx: AppContext,
  tx: Tx,
  rule: SettingRule<T>,
  change: { value: unknown; adminId: string; ip: string; requestedBy: string; approvalId: string },
): Promise<() => void> {
  const before = await rule.inForce(tx);
  await storeChange(ctx, tx, rule, before, rule.parse(change.value), {
    actorId: change.adminId,
    ip: change.ip,
    requestedBy: change.requestedBy,
    approvalId: change.approvalId,
  });
  return () => rule.afterChange?.(ctx);
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
): Promise<SettingChangeOutcome<TraderFeeBounds>> {
  // The schema took percentages from 0 to 100 with at most 2 decimals: canonical text ("2.5").
  const bounds = {
    feeMinPct: new Decimal(input.feeMinPct).toString(),
    feeMaxPct: new Decimal(input.feeMaxPct).toString(),
  };
  return outcomeOf(await changeSetting(ctx, TRADER_FEE_RULE, bounds, { actorId, ip }), bounds);
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
): Promise<SettingChangeOutcome<FourEyesSetting>> {
  const waiting = await changeSetting(ctx, FOUR_EYES_RULE, BigInt(input.threshold), {
    actorId,
    ip,
  });
  return outcomeOf(waiting, { thresholdCents: input.threshold });
}

export const VERIFICATION_REQUIRED_KEY = 'verification_required';

/**
 * Whether an admin's bare Activate needs an approved verification (issue 21). Off unless the
 * operator turns it on: the review queue's Approve activates either way (docs/verification.md).
 */
export async function verificationRequired(db: DbOrTx): Promise<boolean> {
  return (await repo.getSetting(db, VERIFICATION_REQUIRED_KEY)) === true;
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
): Promise<SettingChangeOutcome<DocumentRetentionSetting>> {
  const waiting = await changeSetting(ctx, RETENTION_RULE, input.retentionDays, { actorId, ip });
  return outcomeOf(waiting, { retentionDays: input.retentionDays });
}

export const PRACTICE_ENABLED_KEY = 'practice_enabled';
export const PRACTICE_STARTING_CENTS_KEY = 'practice_starting_cents';

/**
 * The practice account's settings (issue 42): on unless the operator turns it off; a new or reset
 * practice account starts at `startingCents` ($10,000.00 unless set; a stored value out of the
 * schema's bounds reads as the default).
 */
export async function practiceSetting(db: DbOrTx): Promise<PracticeSetting> {
  const [enabled, starting] = await Promise.all([
    repo.getSetting(db, PRACTICE_ENABLED_KEY),
    repo.getSetting(db, PRACTICE_STARTING_CENTS_KEY),
  ]);
  return {
    practiceEnabled: enabled !== false,
    startingCents:
      typeof starting === 'number' &&
      Number.isInteger(starting) &&
      starting >= PRACTICE_STARTING_CENTS.min &&
      starting <= PRACTICE_STARTING_CENTS.max
        ? starting
        : PRACTICE_STARTING_CENTS.default,
  };
}

/**
 * Admin: practice on or off and its starting balance, applied at once and audited. No second
 * admin: virtual money takes nothing from anyone and gives no one real money (PRODUCT.md), so
 * neither way widens what one admin can do to real money. A new starting balance applies to
 * accounts opened or reset from now on.
 */
export async function updatePracticeSetting(
  ctx: AppContext,
  actorId: string,
  input: PracticeSetting,
  ip: string,
): Promise<SettingChangeOutcome<PracticeSetting>> {
  await ctx.db.transaction(async (tx) => {
    const before = await practiceSetting(tx);
    const now = ctx.clock.now();
    await repo.putSetting(tx, PRACTICE_ENABLED_KEY, input.practiceEnabled, now);
    await repo.putSetting(tx, PRACTICE_STARTING_CENTS_KEY, input.startingCents, now);
    await recordAudit(tx, {
      actorId,
      action: 'settings.practice_changed',
      targetType: 'setting',
      targetId: 'practice',
      ip,
      details: { from: before, to: input },
    });
  });
  return { status: 200, body: input };
}

/** A stored setting's value (undefined when never set), for another module's own settings. */
export function getSetting(db: DbOrTx, key: string): Promise<unknown> {
  return repo.getSetting(db, key);
}

function outcomeOf<T>(waiting: { approval: Approval } | null, done: T): SettingChangeOutcome<T> {
  return waiting ? { status: 202, body: waiting } : { status: 200, body: done };
}

// The settings under dual control. Tightening applies at once; what widens waits for a second
// admin: a higher four-eyes threshold, a higher lead-trader fee ceiling (a higher withdrawal fee:
// payment-methods.service), a review
// or check turned off, identity documents kept for a shorter time.

const FOUR_EYES_RULE: SettingRule<bigint> = {
  key: 'four_eyes_threshold_cents',
  action: 'settings.four_eyes_threshold_changed',
  inForce: fourEyesThresholdCents,
  widens: (before, after) => after > before,
  stored: (value) => Number(value),
  parse: thresholdFrom,
};

const TRADER_FEE_RULE: SettingRule<TraderFeeBounds> = {
  key: 'trader_fee_bounds',
  action: 'settings.trader_fee_bounds_changed',
  inForce: traderFeeBounds,
  widens: (before, after) => new Decimal(after.feeMaxPct).gt(before.feeMaxPct),
  stored: (value) => value,
  parse: traderFeeBoundsFrom,
};

/**
 * A review or check the operator switches on or off, read and changed as `{ [field]: on }`:
 * turning it off widens what passes (a second admin approves), turning it on applies at once.
 */
function switchSetting<Field extends string>(
  field: Field,
  rule: Pick<SettingRule<boolean>, 'key' | 'action' | 'inForce' | 'parse'>,
) {
  const switchRule: SettingRule<boolean> = {
    ...rule,
    widens: (before, after) => before && !after,
    stored: (value) => value,
  };
  const view = (on: boolean) => ({ [field]: on }) as Record<Field, boolean>;
  return {
    rule: switchRule,
    read: async (ctx: AppContext) => view(await rule.inForce(ctx.db)),
    update: async (
      ctx: AppContext,
      actorId: string,
      input: Record<Field, boolean>,
      ip: string,
    ): Promise<SettingChangeOutcome<Record<Field, boolean>>> => {
      const on = input[field];
      return outcomeOf(await changeSetting(ctx, switchRule, on, { actorId, ip }), view(on));
    },
  };
}

const VERIFICATION_SWITCH = switchSetting('verificationRequired', {
  key: 'verification_required',
  action: 'settings.verification_required_changed',
  inForce: verificationRequired,
  parse: (stored) => stored === true,
});
export const verificationSetting: (ctx: AppContext) => Promise<VerificationSetting> =
  VERIFICATION_SWITCH.read;
export const updateVerificationSetting = VERIFICATION_SWITCH.update;

const APPROPRIATENESS_SWITCH = switchSetting('appropriatenessRequired', {
  key: 'appropriateness_required',
  action: 'settings.appropriateness_required_changed',
  inForce: appropriatenessRequired,
  parse: (stored) => stored !== false,
});
export const appropriatenessSetting: (ctx: AppContext) => Promise<AppropriatenessSetting> =
  APPROPRIATENESS_SWITCH.read;
export const updateAppropriatenessSetting = APPROPRIATENESS_SWITCH.update;

const RETENTION_RULE: SettingRule<number> = {
  key: 'verification_document_retention_days',
  action: 'settings.document_retention_changed',
  inForce: documentRetentionDays,
  widens: (before, after) => after < before,
  stored: (value) => value,
  parse: retentionDaysFrom,
};

type Change = Parameters<typeof applyWith>[3];

/** Every setting under dual control, by key (an approval names one). */
const APPLY: Record<
  Exclude<DualControlSetting, 'payment_method' | 'sign_in_provider' | 'withdrawal_fee_pct'>,
  (ctx: AppContext, tx: Tx, change: Change) => Promise<() => void>
> = {
  four_eyes_threshold_cents: (ctx, tx, change) => applyWith(ctx, tx, FOUR_EYES_RULE, change),
  trader_fee_bounds: (ctx, tx, change) => applyWith(ctx, tx, TRADER_FEE_RULE, change),
  verification_required: (ctx, tx, change) => applyWith(ctx, tx, VERIFICATION_SWITCH.rule, change),
  appropriateness_required: (ctx, tx, change) =>
    applyWith(ctx, tx, APPROPRIATENESS_SWITCH.rule, change),
  verification_document_retention_days: (ctx, tx, change) =>
    applyWith(ctx, tx, RETENTION_RULE, change),
};
