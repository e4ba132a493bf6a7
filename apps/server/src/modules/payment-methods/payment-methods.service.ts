import type {
  CreatePaymentMethodInput,
  UpdatePaymentMethodInput,
} from '@app/shared/schemas/payment-methods';
import type { AppContext } from '../../context';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import type { DbOrTx } from '../../db/client';
import { methodLabel, toPaymentMethod } from './payment-method.view';
import * as repo from './payment-methods.repo';

const CRYPTO_FIELDS = ['network', 'address'] as const;
const BANK_FIELDS = [
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'referenceInstructions',
] as const;

/**
 * The details that say where money goes. Editing any of them replaces a demo method's placeholders,
 * so it stops being demo; a new name, note or order alone leaves the placeholders in place.
 */
const DETAIL_FIELDS = [
  'network',
  'address',
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
] as const;

function announce(ctx: AppContext) {
  ctx.realtime.publish('public', { type: 'payment_methods.changed' });
}

export async function listActive(ctx: AppContext) {
  return (await repo.listActiveMethods(ctx.db)).map(toPaymentMethod);
}

export async function listAll(ctx: AppContext) {
  return (await repo.listAllMethods(ctx.db)).map(toPaymentMethod);
}

export async function create(
  ctx: AppContext,
  actorId: string,
  input: CreatePaymentMethodInput,
  ip: string,
) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertMethod(tx, {
      ...input,
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
      actorId,
      action: 'payment_method.created',
      targetType: 'payment_method',
      targetId: created.id,
      ip,
      details: { kind: created.kind, name: created.name },
    });
    return created;
  });
  announce(ctx);
  return toPaymentMethod(row);
}

export async function update(
  ctx: AppContext,
  actorId: string,
  id: string,
  input: UpdatePaymentMethodInput,
  ip: string,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await repo.findMethod(tx, id);
    if (!existing || existing.retiredAt) throw refusal('PAYMENT_METHOD_NOT_FOUND');
    const foreign = existing.kind === 'crypto' ? BANK_FIELDS : CRYPTO_FIELDS;
    for (const field of foreign) {
      if (input[field] !== undefined) {
        throw refusal('PAYMENT_METHOD_FIELD_NOT_APPLICABLE', { kind: existing.kind, field }, field);
      }
    }
    const changes = Object.fromEntries(
      Object.entries(input)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, value === '' ? null : value]),
    );
    const replacesDemo =
      existing.isDemo && DETAIL_FIELDS.some((field) => input[field] !== undefined);
    const updated = await repo.updateMethod(tx, id, {
      ...changes,
      ...(replacesDemo ? { isDemo: false } : {}),
      updatedAt: ctx.clock.now(),
    });
    if (!updated) throw refusal('PAYMENT_METHOD_NOT_FOUND');
    await recordAudit(tx, {
      actorId,
      action: 'payment_method.updated',
      targetType: 'payment_method',
      targetId: id,
      ip,
      details: { fields: Object.keys(changes), ...(replacesDemo ? { demoReplaced: true } : {}) },
    });
    return updated;
  });
  announce(ctx);
  return toPaymentMethod(row);
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

/** The names of active methods still showing demo details (admin overview, start-up log). */
export async function demoMethodNames(db: DbOrTx): Promise<string[]> {
  return (await repo.listActiveDemoMethods(db)).map(methodLabel);
}

/** An active payment method by id (what a deposit is paid to), for the deposits module. */
export function findActiveMethod(db: DbOrTx, id: string) {
  return repo.findActiveMethod(db, id);
}
