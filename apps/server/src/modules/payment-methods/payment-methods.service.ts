import {
  PAYMENT_DETAIL_FIELDS,
  type CreatePaymentMethod,
  type UpdatePaymentMethod,
} from '@app/shared/schemas/payment-methods';
import { normaliseFeePct } from '@app/shared/withdrawal-fee';
import Decimal from 'decimal.js';
import type { Approval } from '@app/shared/schemas/approvals';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  type ApprovalHandlers,
  announceApprovalChange,
  askSecondAdminToChange,
  settingKeyOf,
} from '../approvals';
import crypto from 'node:crypto';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import type { DbOrTx } from '../../db/client';
import { feeTermsOf, methodLabel, toPaymentMethod } from './payment-method.view';
import * as repo from './payment-methods.repo';
import { railAfter, refuseUnknownRail, type RailCatalog } from './rails';
import type { PaymentMethodRow } from './payment-methods.repo';

/** A payment method as stored, for the modules that price a payout with it (withdrawals). */
export type { PaymentMethodRow };

const CRYPTO_FIELDS = ['network', 'address', 'railNetwork', 'railToken'] as const;
const BANK_FIELDS = [
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'referenceInstructions',
] as const;

function announce(ctx: AppContext) {
  ctx.realtime.publish('public', { type: 'payment_methods.changed' });
  // The fee schedule and the quotes are the methods' terms.
  ctx.realtime.publish('public', { type: 'settings.fees.changed' });
}

export async function listActive(ctx: AppContext) {
  return (await repo.listActiveMethods(ctx.db)).map(toPaymentMethod);
}

export async function listAll(ctx: AppContext) {
  return (await repo.listAllMethods(ctx.db)).map(toPaymentMethod);
}

/** Who makes a change: the admin, and for an approved one the maker and the approval. */
interface ChangedBy {
  actorId: string;
  ip: string;
  requestedBy?: string;
  approvalId?: string;
}

const approvedBy = (by: ChangedBy) =>
  by.requestedBy
    ? { requestedBy: by.requestedBy, approvedBy: by.actorId, approvalId: by.approvalId }
    : {};

/**
 * A change of where money goes (a new method, or an address or bank details edited) widens what
 * one admin can do — point investors' deposits at an account of their own — so it waits for a
 * second admin: a setting_change approval of 'payment_method' (one waiting per method), carried out
 * by applyPaymentMethodChange when approved. So does a higher withdrawal fee (it takes more from
 * investors, as the global fee setting did before migration 0051). A name, note, order or a fee
 * that takes no more applies at once.
 */
export type PaymentMethodChange =
  | { op: 'create'; input: CreatePaymentMethod }
  | { op: 'update'; id: string; input: UpdatePaymentMethod };

/** The fee columns an input sets: the percentage canonical, the flat fee in cents. */
function feeColumns(input: {
  withdrawalFeePct?: string | undefined;
  withdrawalFeeFixed?: number | undefined;
}): Partial<Pick<PaymentMethodRow, 'withdrawalFeePct' | 'withdrawalFeeFixedCents'>> {
  return {
    ...(input.withdrawalFeePct !== undefined
      ? { withdrawalFeePct: normaliseFeePct(input.withdrawalFeePct) }
      : {}),
    ...(input.withdrawalFeeFixed !== undefined
      ? { withdrawalFeeFixedCents: input.withdrawalFeeFixed }
      : {}),
  };
}

/** Whether the input asks a higher percentage or flat fee than the method now takes. */
function raisesFee(existing: PaymentMethodRow, input: UpdatePaymentMethod): boolean {
  const now = feeTermsOf(existing);
  return (
    (input.withdrawalFeePct !== undefined && new Decimal(input.withdrawalFeePct).gt(now.pct)) ||
    (input.withdrawalFeeFixed !== undefined && input.withdrawalFeeFixed > now.fixedCents)
  );
}

type Outcome<T> = { status: 200; body: T } | { status: 202; body: { approval: Approval } };

export async function create(
  ctx: AppContext,
  actorId: string,
  input: CreatePaymentMethod,
  ip: string,
  rails?: RailCatalog,
): Promise<{ status: 202; body: { approval: Approval } }> {
  if (input.kind === 'crypto') refuseUnknownRail(rails, railAfter(null, input));
  const approval = await askForChange(ctx, { op: 'create', input }, null, { actorId, ip });
  return { status: 202, body: { approval } };
}

async function askForChange(
  ctx: AppContext,
  change: PaymentMethodChange,
  before: Record<string, unknown> | null,
  by: ChangedBy,
): Promise<Approval> {
  const approval = await ctx.db.transaction((tx) =>
    askSecondAdminToChange(
      tx,
      {
        key: settingKeyOf(
          'payment_method',
          change.op === 'update' ? change.id : `new:${crypto.randomUUID()}`,
        ),
        value: change,
        from: before,
        requestedBy: by.actorId,
        requestedAt: ctx.clock.now(),
      },
      {
        ip: by.ip,
        targetType: 'payment_method',
        targetId: change.op === 'update' ? change.id : 'new',
        details: { op: change.op },
      },
    ),
  );
  announceApprovalChange(ctx, null);
  return approval;
}

/**
 * A change of a payment method, or of the global withdrawal fee (approvals asked before each
 * method had its own), once a second admin approved it.
 */
export function registerPaymentMethodApprovals(
  handlers: ApprovalHandlers,
  rails?: RailCatalog,
): void {
  handlers.handleSettings(['payment_method'], (ctx, tx, change, by) =>
    applyPaymentMethodChange(
      ctx,
      tx,
      change.value as PaymentMethodChange,
      { ...by, actorId: by.adminId },
      rails,
    ),
  );
  handlers.handleSettings(['withdrawal_fee_pct'], (ctx, tx, { value }, by) => {
    const pct = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
    return applyFeeForEveryMethod(ctx, tx, pct, { ...by, actorId: by.adminId });
  });
}

/** The checker's half (the approval handler above): the change the maker asked for, audited with both. */
export async function applyPaymentMethodChange(
  ctx: AppContext,
  tx: Tx,
  change: PaymentMethodChange,
  by: ChangedBy,
  rails?: RailCatalog,
): Promise<() => void> {
  // The rails may have changed since the maker asked (a restart with other settings).
  if (change.op === 'create') await insertAudited(ctx, tx, change.input, by, rails);
  else await updateAudited(ctx, tx, change.id, change.input, by, rails);
  return () => announce(ctx);
}

async function insertAudited(
  ctx: AppContext,
  tx: Tx,
  input: CreatePaymentMethod,
  by: ChangedBy,
  rails?: RailCatalog,
) {
  const now = ctx.clock.now();
  {
    const { withdrawalFeePct: _pct, withdrawalFeeFixed: _fixed, ...details } = input;
    const rail = input.kind === 'crypto' ? railAfter(null, input) : null;
    if (rail) refuseUnknownRail(rails, rail);
    const created = await repo.insertMethod(tx, {
      ...details,
      ...rail,
      ...feeColumns(input),
      ...(input.kind === 'bank'
        ? {
            swiftCode: input.swiftCode || null,
            referenceInstructions: input.referenceInstructions || null,
          }
        : {}),
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: by.actorId,
      action: 'payment_method.created',
      targetType: 'payment_method',
      targetId: created.id,
      ip: by.ip,
      details: {
        kind: created.kind,
        name: created.name,
        withdrawalFeePct: normaliseFeePct(created.withdrawalFeePct),
        withdrawalFeeFixedCents: created.withdrawalFeeFixedCents,
        ...approvedBy(by),
      },
    });
    return created;
  }
}

export async function update(
  ctx: AppContext,
  actorId: string,
  id: string,
  input: UpdatePaymentMethod,
  ip: string,
  rails?: RailCatalog,
): Promise<Outcome<{ method: PaymentMethod }>> {
  const existing = await repo.findMethod(ctx.db, id);
  if (!existing || existing.retiredAt) throw refusal('PAYMENT_METHOD_NOT_FOUND');
  refuseRailChange(existing, input, rails);
  if (
    PAYMENT_DETAIL_FIELDS.some((field) => input[field] !== undefined) ||
    raisesFee(existing, input)
  ) {
    refuseForeignFields(existing.kind, input);
    const terms = feeTermsOf(existing);
    const before = {
      ...Object.fromEntries(PAYMENT_DETAIL_FIELDS.map((field) => [field, existing[field]])),
      withdrawalFeePct: terms.pct,
      withdrawalFeeFixed: terms.fixedCents,
    };
    const approval = await askForChange(ctx, { op: 'update', id, input }, before, {
      actorId,
      ip,
    });
    return { status: 202, body: { approval } };
  }
  const row = await ctx.db.transaction((tx) => updateAudited(ctx, tx, id, input, { actorId, ip }));
  announce(ctx);
  return { status: 200, body: { method: toPaymentMethod(row) } };
}

/** A change of the rail must name a configured one (the rest of the method's terms aside). */
function refuseRailChange(
  existing: PaymentMethodRow,
  input: UpdatePaymentMethod,
  rails: RailCatalog | undefined,
): void {
  if (input.railNetwork === undefined && input.railToken === undefined) return;
  refuseForeignFields(existing.kind, input);
  refuseUnknownRail(rails, railAfter(existing, input));
}

function refuseForeignFields(kind: 'crypto' | 'bank', input: UpdatePaymentMethod): void {
  const foreign = kind === 'crypto' ? BANK_FIELDS : CRYPTO_FIELDS;
  for (const field of foreign) {
    if (input[field] !== undefined) {
      throw refusal('PAYMENT_METHOD_FIELD_NOT_APPLICABLE', { kind, field }, field);
    }
  }
}

async function updateAudited(
  ctx: AppContext,
  tx: Tx,
  id: string,
  input: UpdatePaymentMethod,
  by: ChangedBy,
  rails?: RailCatalog,
) {
  {
    const existing = await repo.findMethod(tx, id);
    if (!existing || existing.retiredAt) throw refusal('PAYMENT_METHOD_NOT_FOUND');
    refuseForeignFields(existing.kind, input);
    refuseRailChange(existing, input, rails);
    const { withdrawalFeePct: _pct, withdrawalFeeFixed: _fixed, ...details } = input;
    const changes = {
      ...Object.fromEntries(
        Object.entries(details)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, value === '' ? null : value]),
      ),
      ...feeColumns(input),
    };
    const replacesDemo =
      existing.isDemo && PAYMENT_DETAIL_FIELDS.some((field) => input[field] !== undefined);
    const updated = await repo.updateMethod(tx, id, {
      ...changes,
      ...(replacesDemo ? { isDemo: false } : {}),
      updatedAt: ctx.clock.now(),
    });
    if (!updated) throw refusal('PAYMENT_METHOD_NOT_FOUND');
    await recordAudit(tx, {
      actorId: by.actorId,
      action: 'payment_method.updated',
      targetType: 'payment_method',
      targetId: id,
      ip: by.ip,
      details: {
        fields: Object.keys(changes),
        ...(replacesDemo ? { demoReplaced: true } : {}),
        ...approvedBy(by),
      },
    });
    return updated;
  }
}

/** Retires the method: it leaves the list, and past transactions keep pointing at it. */
export async function retire(ctx: AppContext, actorId: string, id: string, ip: string) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const retired = await repo.updateMethod(tx, id, { retiredAt: now, updatedAt: now });
    if (!retired) throw refusal('PAYMENT_METHOD_NOT_FOUND');
    await recordAudit(tx, {
      actorId,
      action: 'payment_method.retired',
      targetType: 'payment_method',
      targetId: id,
      ip,
    });
    return retired;
  });
  announce(ctx);
  return toPaymentMethod(row);
}

/**
 * A change of the one global withdrawal fee asked for before migration 0051 moved the fee onto
 * each method, approved after it: the percentage for every active method, each audited.
 */
export async function applyFeeForEveryMethod(
  ctx: AppContext,
  tx: Tx,
  pct: string,
  by: ChangedBy,
): Promise<() => void> {
  for (const method of await repo.listActiveMethods(tx)) {
    await updateAudited(ctx, tx, method.id, { withdrawalFeePct: normaliseFeePct(pct) }, by);
  }
  return () => announce(ctx);
}

/** The names of active methods still showing demo details (admin overview, start-up log). */
export async function demoMethodNames(db: DbOrTx): Promise<string[]> {
  return (await repo.listActiveDemoMethods(db)).map(methodLabel);
}

/** An active payment method by id (what a deposit is paid to), for the deposits module. */
export function findActiveMethod(db: DbOrTx, id: string) {
  return repo.findActiveMethod(db, id);
}

/**
 * The active method a payout goes by, whose withdrawal fee applies: the crypto method chosen, or
 * for a bank transfer (null) the operator's first active bank method, if any (withdrawals module).
 */
export function findPayoutMethod(db: DbOrTx, methodId: string | null) {
  return repo.findPayoutMethod(db, methodId);
}

/** The active methods as rows (the withdrawals module's fee schedule). */
export function activeMethodRows(db: DbOrTx) {
  return repo.listActiveMethods(db);
}
