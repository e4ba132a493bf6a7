import type { ApiClient } from './http';
import { newKey, type Reply } from './http';

/** One money request as the client saw it: answered (status) or not (network error/timeout). */
export interface OpRecord {
  op: 'deposit' | 'approve' | 'invest' | 'close' | 'withdraw';
  /** Who sent it (the key is unique per user). */
  userId: string;
  key: string;
  /** Unique per request where the operation carries an amount: finds its effect in the tables. */
  amountCents?: number;
  /** The deposit an approval decides; the trade a close closes. */
  targetId?: string;
  status: number | 'unanswered';
  body?: string;
}

export interface MoneyContext {
  admin: ApiClient;
  adminId: string;
  cryptoMethodId: string;
  planId: string;
}

const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** Each operation's key prefix (readable in the idempotency_keys table). */
const KEY_PREFIX: Record<OpRecord['op'], string> = {
  deposit: 'dep',
  approve: 'apr',
  invest: 'inv',
  close: 'cls',
  withdraw: 'wdr',
};

/**
 * POSTs one money request under an Idempotency-Key of its own, recorded in `records` as the
 * client saw it; undefined when it was not answered.
 */
async function postMoney(
  records: OpRecord[] | undefined,
  client: ApiClient,
  record: Omit<OpRecord, 'status' | 'key'>,
  path: string,
  body: unknown,
): Promise<Reply | undefined> {
  const key = newKey(KEY_PREFIX[record.op]);
  const entry: OpRecord = { ...record, key, status: 'unanswered' };
  records?.push(entry);
  try {
    const reply = await client.post(path, body, { 'idempotency-key': key });
    entry.status = reply.status;
    entry.body = reply.body.slice(0, 400);
    if (process.env.BENCH_DEBUG)
      process.stderr.write(
        `${record.op} ${reply.status} ${reply.ms.toFixed(0)} ms ${reply.status >= 300 ? entry.body : ''}\n`,
      );
    return reply;
  } catch (error) {
    if (process.env.BENCH_DEBUG) process.stderr.write(`${record.op}: ${String(error)}\n`);
    return undefined;
  }
}

// One money request each, through the API. Each has its own Idempotency-Key and (where it has an
// amount) an amount unique per (user, seq) — deposit 1,000.00 + seq cents, invest 500.00 + seq,
// withdraw 10.00 + seq — so its effect can be found in the database afterwards.

/** A user's request with an amount unique per (user, seq), recorded in `records` if given. */
type AmountRequest<Answer> = (
  ctx: MoneyContext,
  user: ApiClient,
  userId: string,
  seq: number,
  records?: OpRecord[],
) => Promise<Answer>;

/** The id of what a 201 answer created (its body's `key` object); undefined for any other answer. */
function createdId(reply: Reply | undefined, key: 'transaction' | 'trade'): string | undefined {
  if (reply?.status !== 201) return undefined;
  return (JSON.parse(reply.body) as Record<typeof key, { id: string }>)[key].id;
}

/**
 * A request that creates something with an amount of `baseCents + seq` cents: the created id when
 * it was accepted (201), read at `created` in the answer.
 */
function creatingRequest(request: {
  op: 'deposit' | 'invest';
  baseCents: number;
  path: string;
  body: (ctx: MoneyContext, amount: string) => unknown;
  created: 'transaction' | 'trade';
}): AmountRequest<string | undefined> {
  return async (ctx, user, userId, seq, records) => {
    const amountCents = request.baseCents + seq;
    const reply = await postMoney(
      records,
      user,
      { op: request.op, userId, amountCents },
      request.path,
      request.body(ctx, cents(amountCents)),
    );
    return createdId(reply, request.created);
  };
}

/** A crypto deposit request; the new deposit's id when it was accepted (201). */
export const requestDeposit = creatingRequest({
  op: 'deposit',
  baseCents: 100_000,
  path: '/api/deposits',
  body: (ctx, amount) => ({ methodId: ctx.cryptoMethodId, amount }),
  created: 'transaction',
});

/** A copy of the plan's strategy; the new trade's id when it was opened (201). */
export const invest = creatingRequest({
  op: 'invest',
  baseCents: 50_000,
  path: '/api/trades',
  body: (ctx, amount) => ({ planId: ctx.planId, amount }),
  created: 'trade',
});

/** The admin's approval of a deposit; whether it was approved (200). */
export async function approveDeposit(
  ctx: MoneyContext,
  depositId: string,
  records?: OpRecord[],
): Promise<boolean> {
  const reply = await postMoney(
    records,
    ctx.admin,
    { op: 'approve', userId: ctx.adminId, targetId: depositId },
    `/api/admin/deposits/${depositId}/approve`,
    {},
  );
  return reply?.status === 200;
}

/** The user's close of their current trade; whether it was closed (200). */
export async function closeTrade(
  user: ApiClient,
  userId: string,
  tradeId: string,
  records?: OpRecord[],
): Promise<boolean> {
  const reply = await postMoney(
    records,
    user,
    { op: 'close', userId, targetId: tradeId },
    '/api/trades/current/close',
    {},
  );
  return reply?.status === 200;
}

/** A crypto withdrawal request; whether it was accepted (201). */
export const requestWithdrawal: AmountRequest<boolean> = async (
  ctx,
  user,
  userId,
  seq,
  records,
) => {
  const withdrawCents = 1_000 + seq;
  const reply = await postMoney(
    records,
    user,
    { op: 'withdraw', userId, amountCents: withdrawCents },
    '/api/withdrawals',
    {
      method: 'crypto',
      methodId: ctx.cryptoMethodId,
      amount: cents(withdrawCents),
      walletAddress: 'bc1qbenchbenchbenchbenchbenchbenchbench0',
    },
  );
  return reply?.status === 201;
};

/**
 * One user's money cycle through the whole API: deposit, admin approval, invest in a plan,
 * close the trade, withdraw. Returns the number of requests answered 2xx; stops at the first
 * request that is not.
 */
export async function moneyCycle(
  ctx: MoneyContext,
  user: ApiClient,
  userId: string,
  seq: number,
  records?: OpRecord[],
): Promise<number> {
  const depositId = await requestDeposit(ctx, user, userId, seq, records);
  if (!depositId) return 0;
  if (!(await approveDeposit(ctx, depositId, records))) return 1;
  const tradeId = await invest(ctx, user, userId, seq, records);
  if (!tradeId) return 2;
  if (!(await closeTrade(user, userId, tradeId, records))) return 3;
  if (!(await requestWithdrawal(ctx, user, userId, seq, records))) return 4;
  return 5;
}

/** The admin client, the crypto payment method and the cheapest plan. */
export async function moneyContext(admin: ApiClient, adminId: string): Promise<MoneyContext> {
  const methods = JSON.parse((await admin.get('/api/payment-methods')).body) as {
    methods?: { id: string; kind: string }[];
    paymentMethods?: { id: string; kind: string }[];
  };
  const list = methods.methods ?? methods.paymentMethods ?? [];
  const crypto = list.find((m) => m.kind === 'crypto');
  const plans = JSON.parse((await admin.get('/api/plans')).body) as {
    plans: { id: string; minCents: number; strategy: unknown }[];
  };
  const plan = plans.plans
    .filter((p) => p.strategy && p.minCents <= 50_000)
    .sort((a, b) => a.minCents - b.minCents)[0];
  if (!crypto || !plan) throw new Error('seeded payment method or plan missing');
  return { admin, adminId, cryptoMethodId: crypto.id, planId: plan.id };
}
