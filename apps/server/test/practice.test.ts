import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountSummary } from '@app/shared/schemas/account';
import type { PracticeAccountResponse, PracticeResetResponse } from '@app/shared/schemas/practice';
import type {
  CurrentTrade,
  FundsChangeResponse,
  TradeHistoryPage,
} from '@app/shared/schemas/trades';
import type { TransactionList } from '@app/shared/schemas/transactions';
import { auditLedger } from '../src/modules/ledger';
import { expectError, registerUser, type TestClient } from './harness';
import { activeUser, fund, summaryOf } from './money-helpers';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * The practice account (issue 42) on a scripted market: the Silver plan's strategy is run by a
 * lead trader holding 100 % BTC bought at $100,000.00 (one unit is worth BTC / 100,000), with a
 * 20 % performance fee, so every practice figure below is exact — and no real figure moves.
 */

let t: ScriptedTradingApp;
let admin: TestClient;
const silver = useSilverAllInBtc((made) => ({ t, admin } = made));
const { tickAt } = silver;
const START = 1_000_000;

/** A registered user (not activated: no review, no appropriateness check, no deposit). */
async function newcomer(options: { verified: boolean; name?: string }) {
  const registered = await registerUser(t.app, { name: options.name ?? 'Pat Practice' });
  if (options.verified) {
    await t.db.execute(
      sql`UPDATE users SET email_verified_at = now() WHERE id = ${registered.user.id}`,
    );
  }
  return registered;
}

async function practising(name?: string) {
  const one = await newcomer({ verified: true, ...(name ? { name } : {}) });
  const started = await one.client.post('/api/practice/start');
  expect(started.statusCode, started.body).toBe(201);
  return one;
}

const practiceSummary = async (client: TestClient) => {
  const answer = await client.get('/api/account/summary?book=practice');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AccountSummary>();
};

const investPractice = async (client: TestClient, amount: string, extra: object = {}) => {
  const opened = await client.post('/api/trades', {
    planId: silver.planId,
    amount,
    book: 'practice',
    ...extra,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json<{ trade: CurrentTrade }>().trade;
};

/** A user's ledger balance by kind (0 when the account was never posted to). */
async function balance(userId: string | null, kind: string): Promise<bigint> {
  const { rows } = await t.db.execute<{ balance: string }>(
    userId
      ? sql`SELECT balance::text FROM ledger_accounts WHERE user_id = ${userId} AND kind = ${kind}`
      : sql`SELECT balance::text FROM ledger_accounts WHERE user_id IS NULL AND kind = ${kind}`,
  );
  return BigInt(rows[0]?.balance ?? '0');
}

async function setPractice(practiceEnabled: boolean, startingCents = START) {
  const put = await admin.put('/api/admin/settings/practice', { practiceEnabled, startingCents });
  expect(put.statusCode, put.body).toBe(200);
}

describe('the practice account', () => {
  it('needs a verified e-mail; opens once with $10,000.00 of virtual money, apart from the real account', async () => {
    await tickAt('100000.00');
    const unverified = await newcomer({ verified: false });
    expectError(await unverified.client.post('/api/practice/start'), {
      code: 'PRACTICE_EMAIL_UNVERIFIED',
    });
    const status = (await unverified.client.get('/api/practice')).json<PracticeAccountResponse>();
    expect(status.practice).toEqual({
      enabled: true,
      startingCents: START,
      eligible: false,
      account: null,
    });

    const { client, user } = await newcomer({ verified: true });
    // Reading an unopened practice account is allowed: nothing in it.
    expect((await client.get('/api/trades/open?book=practice')).json()).toEqual({ trades: [] });
    const refusedInvest = await client.post('/api/trades', {
      planId: silver.planId,
      amount: '1000',
      book: 'practice',
    });
    expectError(refusedInvest, { code: 'PRACTICE_NOT_STARTED' });

    const first = await client.post('/api/practice/start');
    expect(first.statusCode, first.body).toBe(201);
    const again = await client.post('/api/practice/start');
    expect(again.statusCode).toBe(200);
    expect(again.json<PracticeAccountResponse>()).toEqual(first.json());
    expect(first.json<PracticeAccountResponse>().practice.account).toMatchObject({
      startingCents: START,
      resets: 0,
      lastResetAt: null,
    });

    const practice = await practiceSummary(client);
    expect(practice).toMatchObject({
      availableCents: START,
      investedCents: 0,
      balanceCents: START,
      totalDepositsCents: 0,
      totalProfitCents: 0,
      percentUp: '0.00',
    });
    expect(practice.recentTransactions.map((x) => [x.kind, x.book, x.amountCents])).toEqual([
      ['practice_start', 'practice', START],
    ]);
    const real = await summaryOf(client);
    expect(real).toMatchObject({ availableCents: 0, balanceCents: 0, totalDepositsCents: 0 });
    expect(real.recentTransactions).toEqual([]);
    const list = (await client.get('/api/transactions')).json<TransactionList>();
    expect(list.items).toEqual([]);
    const practiceList = (
      await client.get('/api/transactions?book=practice')
    ).json<TransactionList>();
    expect(practiceList.items.map((x) => x.kind)).toEqual(['practice_start']);
    expect(await balance(user.id, 'available')).toBe(0n);
  });

  it('a not-yet-activated user copies with exact cents; the fee is paid to nobody; no real figure moves', async () => {
    await tickAt('100000.00');
    const { client, user } = await practising();
    const leadTraderId = (
      await t.db.execute<{ id: string }>(
        sql`SELECT lead_trader_id AS id FROM strategies s JOIN plans p ON p.strategy_id = s.id
            WHERE p.id = ${silver.planId}`,
      )
    ).rows[0]?.id;
    if (!leadTraderId) throw new Error('no lead trader');
    const leadBefore = await balance(leadTraderId, 'available');
    const feesBefore = await balance(null, 'practice_fees');
    const realFeesBefore = await balance(null, 'fee_income');
    const copiersBefore = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${leadTraderId}`,
    );

    const trade = await investPractice(client, '1000');
    expect(trade).toMatchObject({
      book: 'practice',
      entryNav: '1',
      units: '1000',
      amountCents: 100_000,
    });
    // The same plan may be copied with real money beside it: practice never blocks it (but this
    // user has no real money, so the refusal is the account's, not the plan's).
    expectError(await client.post('/api/trades', { planId: silver.planId, amount: '1000' }), {
      code: 'ACCOUNT_NOT_ACTIVE',
    });
    expect(await practiceSummary(client)).toMatchObject({
      availableCents: START - 100_000,
      investedCents: 100_000,
      openTradesValueCents: 100_000,
    });

    await tickAt('110000.00');
    const claimed = await client.post(`/api/trades/${trade.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<FundsChangeResponse>().change).toMatchObject({
      amountCents: 10_000,
      feeCents: 2_000,
      payoutCents: 8_000,
    });
    expect(claimed.json<FundsChangeResponse>().trade.book).toBe('practice');

    const closed = await client.post(`/api/trades/${trade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    // 909.09090909 units at 1.1: $999.99, no gain above the amount left, so no fee.
    expect(closed.json<{ trade: { payoutCents: number; feeCents: number } }>().trade).toMatchObject(
      {
        payoutCents: 99_999,
        feeCents: 0,
      },
    );

    expect(await balance(user.id, 'practice_available')).toBe(
      BigInt(START - 100_000 + 8_000 + 99_999),
    );
    expect(await balance(user.id, 'practice_invested')).toBe(0n);
    expect(await balance(null, 'practice_fees')).toBe(feesBefore + 2_000n);
    // Nobody real is paid: the lead trader's balance and transactions, the platform's fee income.
    expect(await balance(leadTraderId, 'available')).toBe(leadBefore);
    expect(await balance(null, 'fee_income')).toBe(realFeesBefore);
    const copiersAfter = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${leadTraderId}`,
    );
    expect(copiersAfter.rows).toEqual(copiersBefore.rows);
    expect(await balance(user.id, 'available')).toBe(0n);
    expect(await balance(user.id, 'invested')).toBe(0n);

    const summary = await practiceSummary(client);
    expect(summary).toMatchObject({
      availableCents: START + 7_999,
      totalProfitCents: 7_999,
      percentUp: '0.80',
    });
    const history = (
      await client.get('/api/trades/history?book=practice')
    ).json<TradeHistoryPage>();
    expect(history.trades.map((x) => [x.book, x.payoutCents, x.feeCents])).toEqual([
      ['practice', 107_999, 2_000],
    ]);
    expect((await client.get('/api/trades/history')).json<TradeHistoryPage>().trades).toEqual([]);
    expect(await summaryOf(client)).toMatchObject({ balanceCents: 0, totalProfitCents: 0 });
  });

  it('a plan copied with real money can be practised beside it; each book counts its own', async () => {
    await tickAt('100000.00');
    const { client, user } = await activeUser(t, 'Both Books');
    // Verified before its first signed-in request (the session cache keeps the row it read).
    await t.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${user.id}`);
    await fund(t, admin, client, 300_000);
    expect((await client.post('/api/practice/start')).statusCode).toBe(201);
    const real = await client.post('/api/trades', { planId: silver.planId, amount: '1000' });
    expect(real.statusCode, real.body).toBe(201);
    const practice = await investPractice(client, '1000');
    expect(practice.book).toBe('practice');
    expectError(
      await client.post('/api/trades', { planId: silver.planId, amount: '1000', book: 'practice' }),
      { code: 'TRADE_ALREADY_OPEN' },
    );
    const realOpen = (await client.get('/api/trades/open')).json<{ trades: CurrentTrade[] }>();
    expect(realOpen.trades.map((x) => x.book)).toEqual(['real']);
    expect(await summaryOf(client)).toMatchObject({
      availableCents: 200_000,
      investedCents: 100_000,
    });
    expect(await practiceSummary(client)).toMatchObject({
      availableCents: START - 100_000,
      investedCents: 100_000,
    });
  });

  it('a deactivated account can practise', async () => {
    await tickAt('100000.00');
    const { client, user } = await practising('Dee Activated');
    await t.db.execute(
      sql`UPDATE users SET is_active = false, activated_at = now() - interval '1 day'
          WHERE id = ${user.id}`,
    );
    await investPractice(client, '1000');
    expect((await practiceSummary(client)).investedCents).toBe(100_000);
  });

  it('a stop-loss closes a practice copy at the tick NAV, and its alert says practice', async () => {
    await tickAt('100000.00');
    const { client, user } = await practising('Stella Stop');
    const trade = await investPractice(client, '1000', { stopLossPct: 10 });
    await tickAt('85000.00');
    const { rows } = await t.db.execute<{ status: string; reason: string; payout: string }>(
      sql`SELECT status, close_reason AS reason, payout_cents::text AS payout
          FROM trades WHERE id = ${trade.id}`,
    );
    expect(rows[0]).toEqual({ status: 'closed', reason: 'stop_loss', payout: '85000' });
    const alerts = await t.db.execute<{ type: string; params: Record<string, unknown> }>(
      sql`SELECT type, params FROM notifications WHERE user_id = ${user.id}`,
    );
    expect(alerts.rows).toEqual([
      {
        type: 'trade_stopped_out',
        params: expect.objectContaining({ tradeId: trade.id, practice: true }) as unknown,
      },
    ]);
    expect(await balance(user.id, 'practice_available')).toBe(BigInt(START - 100_000 + 85_000));
    expect(await balance(user.id, 'available')).toBe(0n);
  });

  it('a reset closes every practice copy once, also two resets at once, and starts again', async () => {
    await tickAt('100000.00');
    const { client, user } = await practising('Rita Reset');
    await investPractice(client, '2000');
    await tickAt('90000.00');
    const [a, b] = await Promise.all([
      client.post('/api/practice/reset', undefined, { 'idempotency-key': 'reset-a' }),
      client.post('/api/practice/reset', undefined, { 'idempotency-key': 'reset-b' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json<PracticeResetResponse>(), b.json<PracticeResetResponse>()];
    expect(answers.map((x) => x.closedCopies).sort()).toEqual([0, 1]);
    expect(answers.map((x) => x.practice.account?.resets).sort()).toEqual([1, 2]);
    const replay = await client.post('/api/practice/reset', undefined, {
      'idempotency-key': 'reset-a',
    });
    expect(replay.json()).toEqual(answers[0]);

    const { rows } = await t.db.execute<{ kind: string; amount: string }>(
      sql`SELECT kind, amount_cents::text AS amount FROM transactions
          WHERE user_id = ${user.id} AND book = 'practice' ORDER BY created_at, id`,
    );
    // 2000 at 0.9: $1,800.00 back, then the $200.00 lost granted again (once: the second reset
    // found the balance at its start).
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['practice_start', String(START)],
      ['trade_open', '200000'],
      ['trade_close', '180000'],
      ['practice_reset', '20000'],
    ]);
    expect(await balance(user.id, 'practice_available')).toBe(BigInt(START));
    expect(await balance(user.id, 'practice_invested')).toBe(0n);
    expect((await client.get('/api/trades/open?book=practice')).json()).toEqual({ trades: [] });
  });

  it('switched off: every practice request is refused, but an open practice copy can still be closed', async () => {
    await tickAt('100000.00');
    const { client } = await practising('Otto Off');
    const trade = await investPractice(client, '1000');
    await setPractice(false);
    try {
      const status = (await client.get('/api/practice')).json<PracticeAccountResponse>();
      expect(status.practice.enabled).toBe(false);
      const refused = [
        await client.post('/api/practice/start'),
        await client.post('/api/practice/reset'),
        await client.post('/api/trades', {
          planId: silver.planId,
          amount: '1000',
          book: 'practice',
        }),
        await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '10' }),
        await client.get('/api/account/summary?book=practice'),
        await client.get('/api/trades/open?book=practice'),
        await client.get('/api/trades/history?book=practice'),
        await client.get('/api/transactions?book=practice'),
      ];
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(403);
        expectError(answer, { code: 'PRACTICE_OFF' });
      }
      expect((await client.post(`/api/trades/${trade.id}/close`)).statusCode).toBe(200);
    } finally {
      await setPractice(true);
    }
  });

  it("the operator's setting is read and changed by admins only, audited", async () => {
    const { client } = await newcomer({ verified: true, name: 'Not Admin' });
    expect((await client.get('/api/admin/settings/practice')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/settings/practice')).json()).toEqual({
      practiceEnabled: true,
      startingCents: START,
    });
    await setPractice(true, 500_000);
    try {
      const { client: next } = await practising('Half Start');
      expect((await practiceSummary(next)).availableCents).toBe(500_000);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.practice_changed'`,
      );
      expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
    } finally {
      await setPractice(true);
    }
  });
});

describe('no entry spans two books', () => {
  it('ledger_post_entry refuses an entry mixing a real and a practice account', async () => {
    const { user } = await practising('Mix Refused');
    const codes = [`user:${user.id}:practice_available`, 'platform:cash'];
    const refused = await t.db
      .execute(
        sql`SELECT * FROM ledger_post_entry(
        ${sql.param(codes)}::text[], ARRAY['practice_available', 'cash']::text[],
        ARRAY[${user.id}::uuid, NULL]::uuid[], ARRAY[-100, 100]::bigint[],
        ARRAY[true, false]::boolean[], 'practice.start', 'mixed', NULL, NULL, NULL, now())`,
      )
      .then(
        () => 'booked',
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
    expect(refused).toMatch(/spans two books/);
  });

  it('the audit finds a hand-made mixed entry', async () => {
    const { user } = await practising('Mix Audited');
    const found = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO ledger_accounts (code, kind) VALUES ('platform:cash', 'cash')
          ON CONFLICT DO NOTHING`);
        await tx.execute(sql`SET LOCAL ledger.posting = 'on'`);
        const entry = await tx.execute<{ id: string }>(sql`
          INSERT INTO journal_entries (kind, description, created_at)
          VALUES ('practice.start', 'hand-made', now()) RETURNING id`);
        const entryId = entry.rows[0]?.id;
        await tx.execute(sql`
          INSERT INTO postings (entry_id, account_id, amount)
          SELECT ${entryId}::bigint, id, CASE WHEN kind = 'cash' THEN 100 ELSE -100 END
          FROM ledger_accounts
          WHERE code IN (${`user:${user.id}:practice_available`}, 'platform:cash')`);
        await tx.execute(sql`
          UPDATE ledger_accounts SET balance = balance + CASE WHEN kind = 'cash' THEN 100 ELSE -100 END
          WHERE code IN (${`user:${user.id}:practice_available`}, 'platform:cash')`);
        const violations = await auditLedger(tx);
        throw Object.assign(new Error('roll back'), { violations });
      })
      .catch((error: { violations?: { check: string }[] }) => error.violations ?? []);
    expect(found.map((v) => v.check)).toEqual(
      expect.arrayContaining([
        'no entry spans two books',
        "each book's balances together sum to zero",
        'an entry of a practice kind is in the practice book, any other in the real book',
      ]),
    );
  });
});
