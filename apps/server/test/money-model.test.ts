import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToPlain } from '@app/shared/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { createTestApp, type TestApp, type TestClient } from './harness';
import { activeUser, adminClient, auditAfterEach, methodIds, summaryOf } from './money-helpers';

let t: TestApp;
let admin: TestClient;
let cryptoMethod: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  cryptoMethod = (await methodIds(t)).crypto;
});
afterAll(() => t.close());
auditAfterEach(() => t);

type Op =
  | { op: 'deposit'; user: number; cents: number }
  | { op: 'approve'; pick: number }
  | { op: 'rejectDeposit'; pick: number }
  | { op: 'withdraw'; user: number; cents: number }
  | { op: 'pay'; pick: number }
  | { op: 'rejectWithdrawal'; pick: number }
  // The practice book (issue 42): virtual money that must never move a real figure.
  | { op: 'practiceStart'; user: number }
  | { op: 'practiceReset'; user: number };

const USERS = 2;
/** A user asks to move `min` to `max` cents: a deposit or a withdrawal request. */
const request = <Kind extends Extract<Op, { cents: number }>['op']>(
  op: Kind,
  min: number,
  max: number,
) => fc.record({ op: fc.constant(op), user: fc.nat(USERS - 1), cents: fc.integer({ min, max }) });
/** An admin decides one of the waiting requests (`pick` chooses which). */
const decision = <Kind extends Extract<Op, { pick: number }>['op']>(op: Kind) =>
  fc.record({ op: fc.constant(op), pick: fc.nat() });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  request('deposit', 1, 50_000),
  decision('approve'),
  decision('rejectDeposit'),
  request('withdraw', 100, 30_000),
  decision('pay'),
  decision('rejectWithdrawal'),
  fc.record({ op: fc.constant('practiceStart' as const), user: fc.nat(USERS - 1) }),
  fc.record({ op: fc.constant('practiceReset' as const), user: fc.nat(USERS - 1) }),
);

/** The practice account's starting balance (the setting's default). */
const PRACTICE_START = 1_000_000;

interface ModelTx {
  id: string;
  user: number;
  cents: number;
  fee: number;
  status: 'pending' | 'success' | 'failed';
}
interface ModelUser {
  available: number;
  held: number;
  deposits: number;
  withdrawals: number;
}

/** The 10% default fee, rounded down to the cent (withdrawals/domain/fee.ts). */
const feeOf = (cents: number) => Math.floor((cents * 10) / 100);

describe('model test: random money operations agree with an in-memory model', () => {
  it('balances, holds, totals and statuses match; every ledger invariant holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const clients: TestClient[] = [];
        // User 0 verified their e-mail (practice needs nothing else); user 1 did not.
        const practiceEligible = [true, false];
        for (let i = 0; i < USERS; i += 1) {
          const { client, user } = await activeUser(t);
          if (practiceEligible[i]) {
            await t.db.execute(
              sql`UPDATE users SET email_verified_at = now() WHERE id = ${user.id}`,
            );
          }
          clients.push(client);
        }
        const practiceStarted = clients.map(() => false);
        const users: ModelUser[] = clients.map(() => ({
          available: 0,
          held: 0,
          deposits: 0,
          withdrawals: 0,
        }));
        const deposits: ModelTx[] = [];
        const withdrawals: ModelTx[] = [];
        const pick = (list: ModelTx[], n: number) =>
          list.length === 0 ? undefined : list[n % list.length];

        for (const step of ops) {
          const label = JSON.stringify(step);
          if (step.op === 'practiceStart' || step.op === 'practiceReset') {
            const response = await clients[step.user]!.post(
              step.op === 'practiceStart' ? '/api/practice/start' : '/api/practice/reset',
            );
            const expected = !practiceEligible[step.user]
              ? 403
              : step.op === 'practiceStart'
                ? practiceStarted[step.user]
                  ? 200
                  : 201
                : practiceStarted[step.user]
                  ? 200
                  : 409;
            expect(response.statusCode, label).toBe(expected);
            if (step.op === 'practiceStart' && expected === 201) practiceStarted[step.user] = true;
            continue;
          }
          if (step.op === 'deposit') {
            const response = await clients[step.user]!.post('/api/deposits', {
              methodId: cryptoMethod,
              amount: centsToPlain(step.cents),
            });
            expect(response.statusCode, label).toBe(201);
            const { transaction } = response.json<{ transaction: Transaction }>();
            deposits.push({
              id: transaction.id,
              user: step.user,
              cents: step.cents,
              fee: 0,
              status: 'pending',
            });
          } else if (step.op === 'withdraw') {
            const response = await clients[step.user]!.post('/api/withdrawals', {
              method: 'crypto',
              methodId: cryptoMethod,
              amount: centsToPlain(step.cents),
              walletAddress: 'bc1qmodel',
            });
            const model = users[step.user]!;
            if (model.available >= step.cents) {
              expect(response.statusCode, label).toBe(201);
              const { transaction } = response.json<{ transaction: Transaction }>();
              expect(transaction.feeCents, label).toBe(feeOf(step.cents));
              model.available -= step.cents;
              model.held += step.cents;
              withdrawals.push({
                id: transaction.id,
                user: step.user,
                cents: step.cents,
                fee: feeOf(step.cents),
                status: 'pending',
              });
            } else {
              expect(response.statusCode, label).toBe(400);
            }
          } else {
            const isDeposit = step.op === 'approve' || step.op === 'rejectDeposit';
            const target = pick(isDeposit ? deposits : withdrawals, step.pick);
            if (!target) continue;
            const path = {
              approve: 'deposits/ID/approve',
              rejectDeposit: 'deposits/ID/reject',
              pay: 'withdrawals/ID/pay',
              rejectWithdrawal: 'withdrawals/ID/reject',
            }[step.op].replace('ID', target.id);
            const response = await admin.post(`/api/admin/${path}`, { reason: 'model' });
            if (target.status !== 'pending') {
              expect(response.statusCode, label).toBe(409);
              continue;
            }
            expect(response.statusCode, label).toBe(200);
            const model = users[target.user]!;
            if (step.op === 'approve') {
              target.status = 'success';
              model.available += target.cents;
              model.deposits += target.cents;
            } else if (step.op === 'rejectDeposit') {
              target.status = 'failed';
            } else if (step.op === 'pay') {
              target.status = 'success';
              model.held -= target.cents;
              model.withdrawals += target.cents;
            } else {
              target.status = 'failed';
              model.held -= target.cents;
              model.available += target.cents;
            }
          }
        }

        for (let i = 0; i < USERS; i += 1) {
          const summary = await summaryOf(clients[i]!);
          const model = users[i]!;
          expect(summary).toMatchObject({
            availableCents: model.available,
            heldCents: model.held,
            totalDepositsCents: model.deposits,
            totalWithdrawalsCents: model.withdrawals,
            pendingWithdrawalsCount: withdrawals.filter(
              (w) => w.user === i && w.status === 'pending',
            ).length,
          });
          const list = (await clients[i]!.get('/api/transactions?limit=100')).json<{
            items: Transaction[];
          }>();
          const byId = new Map(list.items.map((item) => [item.id, item]));
          for (const tx of [...deposits, ...withdrawals].filter((x) => x.user === i)) {
            expect(byId.get(tx.id)?.status).toBe(tx.status);
          }
          // The real list holds no practice row; the practice book holds its start, at its start.
          expect(list.items.every((item) => item.book === 'real')).toBe(true);
          if (practiceStarted[i]) {
            const practice = (await clients[i]!.get('/api/account/summary?book=practice')).json<{
              availableCents: number;
              totalDepositsCents: number;
            }>();
            expect(practice).toMatchObject({
              availableCents: PRACTICE_START,
              totalDepositsCents: 0,
            });
          }
        }
        expect(await auditLedger(t.db)).toEqual([]);
        // No journal entry ever spans the two books (the audit says so too; here on its own).
        const mixed = await t.db.execute(sql`
          SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
          GROUP BY p.entry_id HAVING count(DISTINCT a.book) > 1`);
        expect(mixed.rows).toEqual([]);
      }),
      { numRuns: 25 },
    );
    // Practice steps (issue 42) make each run longer; a loaded machine needs the margin.
  }, 120_000);
});
