import type { ApprovalKind, DualControlSetting } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { TransactionRow } from '../../db/schema';
import type { MoneyApprovalRow } from './approvals.schema';
import { settingOfKey } from './setting-keys';

/**
 * Who carries out what approvals ask for. The approvals module runs the four-eyes decision but
 * knows none of the modules whose work waits for it: each of them (account, deposits,
 * withdrawals, settings, payment methods, sign-in providers, users) registers its handler here
 * when the app is wired, so the dependency points from them to approvals and never back.
 */

/** Who carries out an approval: the checker, with the maker and the approval named. */
export interface ApprovedBy {
  adminId: string;
  keyId: bigint | null;
  ip: string;
  requestedBy: string;
  approvalId: string;
}

/**
 * What carrying out an approval did: the transaction it booked (none for a setting change or an
 * admin grant) and what to announce after the commit.
 */
export interface CarriedOut {
  row: TransactionRow | null;
  announce: () => void;
}

/** The approval kinds carried out by one handler each (a setting change goes by its setting). */
export type HandledKind = Exclude<ApprovalKind, 'setting_change'>;

/** Carries out an approval of one kind, inside the checker's transaction. */
export type ApprovalHandler = (
  ctx: AppContext,
  tx: Tx,
  approval: MoneyApprovalRow,
  by: ApprovedBy,
) => Promise<CarriedOut>;

/**
 * Stores the value a setting change asked for (`key` as stored on the approval, e.g.
 * `payment_method:<id>`), returning what to announce after the commit.
 */
export type SettingChangeHandler = (
  ctx: AppContext,
  tx: Tx,
  change: { key: string; value: unknown },
  by: ApprovedBy,
) => Promise<() => void>;

export interface ApprovalHandlers {
  /** `kind`'s approvals are carried out by `handler` (one handler per kind). */
  handle(kind: HandledKind, handler: ApprovalHandler): void;
  /** A change of any of `settings` is carried out by `handler` (one handler per setting). */
  handleSettings(settings: readonly DualControlSetting[], handler: SettingChangeHandler): void;
  /** Carries out `approval` by its kind's (or its setting's) handler. */
  carryOut(
    ctx: AppContext,
    tx: Tx,
    approval: MoneyApprovalRow,
    by: ApprovedBy,
  ): Promise<CarriedOut>;
}

/** An empty registry, filled when the app is wired (app.ts). */
export function createApprovalHandlers(): ApprovalHandlers {
  const byKind = new Map<HandledKind, ApprovalHandler>();
  const bySetting = new Map<DualControlSetting, SettingChangeHandler>();
  return {
    handle(kind, handler) {
      if (byKind.has(kind)) throw new Error(`approvals of kind ${kind} already have a handler`);
      byKind.set(kind, handler);
    },
    handleSettings(settings, handler) {
      for (const setting of settings) {
        if (bySetting.has(setting)) throw new Error(`setting ${setting} already has a handler`);
        bySetting.set(setting, handler);
      }
    },
    async carryOut(ctx, tx, approval, by) {
      if (approval.kind === 'setting_change') {
        const setting = settingOfKey(approval.settingKey);
        const handler = setting && bySetting.get(setting);
        if (approval.settingKey === null || !handler) {
          throw new Error(`no handler for the setting of approval ${approval.id}`);
        }
        const change = { key: approval.settingKey, value: approval.settingValue };
        return { row: null, announce: await handler(ctx, tx, change, by) };
      }
      const handler = byKind.get(approval.kind);
      if (!handler) throw new Error(`no handler for approvals of kind ${approval.kind}`);
      return handler(ctx, tx, approval, by);
    },
  };
}
