import crypto from 'node:crypto';
import { uniqueEmail } from '../harness';
import type { JsonSchema, Operation } from './openapi';
import type { Role, World } from './world';

export interface SampleContext {
  role: Role;
  world: World;
  /** Use the role's real password where a body asks for "the current password". */
  realPasswords: boolean;
}

/** Statements and the operator's exports: their dates must be real days before the clock's today. */
const isExport = (op: Operation) =>
  op.path.startsWith('/api/statements/') || op.path.startsWith('/api/admin/exports/');

/** Values a field's name tells us more about than its schema does. */
function hinted(name: string, op: Operation, c: SampleContext): unknown {
  switch (name) {
    case 'email':
      // Login needs an account that exists; everything else a fresh address.
      return op.key === 'POST /api/auth/login' ? c.world.spare.email : uniqueEmail('proof');
    case 'newEmail':
      return uniqueEmail('proof');
    case 'password':
      // Never the real one: the matrix's roles must outlive their pass over every operation.
      if (op.key === 'POST /api/account/closure') return 'wrong-password-123';
      if (op.key === 'POST /api/auth/login')
        return c.realPasswords ? c.world.spare.password : 'wrong-password-123';
      if (op.key === 'POST /api/auth/2fa/disable' || op.key === 'POST /api/auth/email')
        return c.realPasswords ? c.role.password : 'wrong-password-123';
      // A new password: the role's own, so "changing" it keeps every later login working.
      return c.role.password;
    case 'oldPassword':
      return c.realPasswords ? c.role.password : 'wrong-password-123';
    case 'otp':
      return '000000';
    case 'amount':
      return op.key === 'POST /api/trades/' ? '150' : '10';
    case 'planId':
      return c.world.ids.planId;
    case 'strategyId':
      return c.world.ids.strategyId;
    case 'methodId':
      return c.world.ids.methodId;
    // A sign-in provider: an issuer on this machine that answers nothing (connection refused).
    case 'issuerUrl':
      return 'http://127.0.0.1:9';
    case 'clientSecret':
      return 'proof-client-secret';
    case 'walletAddress':
      return 'bc1qproofwallet';
    case 'referrerId':
      return undefined;
    case 'userId':
      return crypto.randomUUID();
    // A statement's range: a real month before the test clock's today.
    case 'from':
      return isExport(op) ? '2025-01-01' : undefined;
    case 'to':
      return isExport(op) ? '2025-01-31' : undefined;
    case 'at':
      return isExport(op) ? '2025-01-31' : undefined;
    default:
      return undefined;
  }
}

/** A value that satisfies `schema` (the first branch of a union, the smallest legal size). */
export function sampleValue(schema: JsonSchema, name: string, op: Operation, c: SampleContext) {
  const hint = hinted(name, op, c);
  if (hint !== undefined) return hint;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sampleValue(branch, name, op, c);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return sampleObject(schema, op, c);
    case 'array':
      return [];
    case 'integer':
    case 'number': {
      if (schema.minimum !== undefined) return schema.minimum;
      if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1;
      return 1;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.pattern?.startsWith('^\\d')) return '1';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
  }
}

function sampleObject(schema: JsonSchema, op: Operation, c: SampleContext) {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const required = schema.required?.includes(key) ?? false;
    // Optional fields only when their name gives a meaningful value (an amount, a plan).
    if (!required && hinted(key, op, c) === undefined) continue;
    if (!required && key === 'userId') continue;
    const value = sampleValue(property, key, op, c);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export function validBody(op: Operation, c: SampleContext): Record<string, unknown> | undefined {
  if (!op.body) return undefined;
  const value = sampleValue(op.body, '', op, c);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Required query parameters, filled from their schema; optional ones are left out. */
export function validQuery(op: Operation, c: SampleContext): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of op.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query[parameter.name] = String(sampleValue(parameter.schema, parameter.name, op, c));
  }
  return query;
}

/**
 * Path parameters. Where the parameter names something a user owns (a session, a user, a
 * transaction) it is investor B's; other resources get a real id (plan, strategy, payment method)
 * or, failing that, a random valid uuid.
 */
export function ownedPathValues(op: Operation, world: World): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of op.parameters) {
    if (parameter.in !== 'path') continue;
    values[parameter.name] = ownedValue(op.path, parameter.name, world);
  }
  return values;
}

function ownedValue(path: string, name: string, world: World): string {
  const b = world.b;
  if (name === 'transactionId') return b.approvedDepositId;
  if (path.startsWith('/api/auth/sessions/')) return b.otherSessionId;
  if (name === 'provider') return 'proof';
  if (name === 'network') return 'dev';
  if (path.startsWith('/api/notifications/')) return b.notificationId;
  if (path.includes('/verification/documents/') || path.includes('/verifications/documents/'))
    return b.documentId;
  if (path.startsWith('/api/admin/verifications/')) return b.verificationId;
  if (path.startsWith('/api/admin/appropriateness/users/')) return b.userId;
  if (path.startsWith('/api/admin/users/')) return b.userId;
  if (path.startsWith('/api/admin/deposits/')) return b.pendingDepositId;
  if (path.startsWith('/api/admin/withdrawals/')) return b.pendingWithdrawalId;
  if (path.startsWith('/api/admin/plans/')) return world.ids.planId;
  if (path.startsWith('/api/admin/payment-methods/')) return world.ids.bankMethodId;
  if (path.includes('/strategies/')) return world.ids.strategyId;
  if (path.startsWith('/api/trades/')) return b.tradeId;
  return crypto.randomUUID();
}

export function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
