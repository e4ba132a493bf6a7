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

async function send(
  records: OpRecord[] | undefined,
  record: Omit<OpRecord, 'status'>,
  call: () => Promise<Reply>,
): Promise<Reply | undefined> {
  const entry: OpRecord = { ...record, status: 'unanswered' };
  records?.push(entry);
  try {
    const reply = await call();
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

/**
 * One user's money cycle through the whole API: deposit, admin approval, invest in a plan,
 * close the trade, withdraw. Each request has its own Idempotency-Key and (where it has an amount)
 * an amount unique to it, so its effect can be found in the database afterwards. Returns the
 * number of requests answered 2xx; stops at the first request that is not.
 */
export async function moneyCycle(
  ctx: MoneyContext,
  user: ApiClient,
  userId: string,
  seq: number,
  records?: OpRecord[],
): Promise<number> {
  let ok = 0;
  // Unique per (user, seq): deposit 1,000.00 + seq cents, invest 500.00 + seq, withdraw 10.00 + seq.
  const depositCents = 100_000 + seq;
  const depositKey = newKey('dep');
  const deposit = await send(
    records,
    { op: 'deposit', userId, key: depositKey, amountCents: depositCents },
    () =>
      user.post(
        '/api/deposits',
        { methodId: ctx.cryptoMethodId, amount: cents(depositCents) },
        { 'idempotency-key': depositKey },
      ),
  );
  if (deposit?.status !== 201) return ok;
  ok += 1;
  const depositId = (JSON.parse(deposit.body) as { transaction: { id: string } }).transaction.id;
  const approveKey = newKey('apr');
  const approved = await send(
    records,
    { op: 'approve', userId: ctx.adminId, key: approveKey, targetId: depositId },
    () =>
      ctx.admin.post(
        `/api/admin/deposits/${depositId}/approve`,
        {},
        { 'idempotency-key': approveKey },
      ),
  );
  if (approved?.status !== 200) return ok;
  ok += 1;
  const investCents = 50_000 + seq;
  const investKey = newKey('inv');
  const invest = await send(
    records,
    { op: 'invest', userId, key: investKey, amountCents: investCents },
    () =>
      user.post(
        '/api/trades',
        { planId: ctx.planId, amount: cents(investCents) },
        { 'idempotency-key': investKey },
      ),
  );
  if (invest?.status !== 201) return ok;
  ok += 1;
  const tradeId = (JSON.parse(invest.body) as { trade: { id: string } }).trade.id;
  const closeKey = newKey('cls');
  const closed = await send(
    records,
    { op: 'close', userId, key: closeKey, targetId: tradeId },
    () => user.post('/api/trades/current/close', {}, { 'idempotency-key': closeKey }),
  );
  if (closed?.status !== 200) return ok;
  ok += 1;
  const withdrawCents = 1_000 + seq;
  const withdrawKey = newKey('wdr');
  const withdraw = await send(
    records,
    { op: 'withdraw', userId, key: withdrawKey, amountCents: withdrawCents },
    () =>
      user.post(
        '/api/withdrawals',
        {
          method: 'crypto',
          methodId: ctx.cryptoMethodId,
          amount: cents(withdrawCents),
          walletAddress: 'bc1qbenchbenchbenchbenchbenchbenchbench0',
        },
        { 'idempotency-key': withdrawKey },
      ),
  );
  if (withdraw?.status !== 201) return ok;
  return ok + 1;
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
