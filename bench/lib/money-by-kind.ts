import type { ApiClient } from './http';
import {
  approveDeposit,
  closeTrade,
  invest,
  requestDeposit,
  requestWithdrawal,
  type MoneyContext,
} from './workload';

export interface CpuMs {
  server: number;
  postgres: number;
  client: number;
}

export interface KindCost {
  kind: 'deposit' | 'approve' | 'invest-and-close' | 'withdraw';
  requests: number;
  seconds: number;
  /** CPU microseconds per request, the mail it queued delivered. */
  cpuUs: CpuMs;
}

/**
 * Each kind of money request on its own: every user sends `perUser` requests of one kind, one
 * after another, then the next kind — deposits first, as the approvals decide them; an investment
 * and its close as a pair (a user holds one open trade per plan), counted as two requests. The CPU
 * per request of each kind says where a cycle's time goes; `settle` (the delivery of the mail a
 * kind queued) is counted in that kind.
 */
export async function moneyByKind(options: {
  ctx: MoneyContext;
  users: { client: ApiClient; id: string }[];
  perUser: number;
  /** Amounts are unique per (user, seq) (see workload.ts): a range no other phase uses. */
  firstSeq: number;
  cpuAt: () => CpuMs;
  settle: () => Promise<void>;
}): Promise<KindCost[]> {
  const { ctx, users, perUser, firstSeq } = options;
  const deposits: string[][] = users.map(() => []);
  const kinds: [KindCost['kind'], number, (user: number, i: number) => Promise<boolean>][] = [
    [
      'deposit',
      1,
      async (u, i) => {
        const id = await requestDeposit(ctx, users[u]!.client, users[u]!.id, firstSeq + i);
        if (id) deposits[u]!.push(id);
        return id !== undefined;
      },
    ],
    ['approve', 1, (u, i) => approveDeposit(ctx, deposits[u]![i]!)],
    [
      'invest-and-close',
      2,
      async (u, i) => {
        const { client, id } = users[u]!;
        const tradeId = await invest(ctx, client, id, firstSeq + i);
        return tradeId !== undefined && (await closeTrade(client, id, tradeId));
      },
    ],
    ['withdraw', 1, (u, i) => requestWithdrawal(ctx, users[u]!.client, users[u]!.id, firstSeq + i)],
  ];
  const costs: KindCost[] = [];
  for (const [kind, requestsEach, send] of kinds) {
    const before = options.cpuAt();
    const t0 = performance.now();
    await Promise.all(
      users.map(async (_, u) => {
        for (let i = 0; i < perUser; i += 1) {
          if (!(await send(u, i)))
            throw new Error(`money-by-kind: ${kind} ${i} of user ${u} failed`);
        }
      }),
    );
    await options.settle();
    const after = options.cpuAt();
    const requests = users.length * perUser * requestsEach;
    const per = (part: keyof CpuMs) => ((after[part] - before[part]) * 1000) / requests;
    costs.push({
      kind,
      requests,
      seconds: (performance.now() - t0) / 1000,
      cpuUs: { server: per('server'), postgres: per('postgres'), client: per('client') },
    });
  }
  return costs;
}
