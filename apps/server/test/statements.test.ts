import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '@app/shared/money';
import type { Transaction } from '@app/shared/schemas/transactions';
import { adjustment } from '../src/modules/ledger/domain';
import { postEntry } from '../src/modules/ledger/ledger.service';
import { users } from '../src/db/schema';
import { parseCsv } from '../src/modules/statements/domain/csv';
import type { StatementLine } from '../src/modules/statements/domain/statement';
import { movementCells } from '../src/modules/statements/statement.pdf';
import { STATEMENT_MESSAGES } from '../src/modules/statements/statements.messages';
import { MAX_OPEN_SNAPSHOTS, openStatement } from '../src/modules/statements/statements.service';
import {
  type ScriptedTradingApp,
  tickAt as tickBtc,
  useScriptedTradingApp,
} from './copy-trading-helpers';
import { adminClient, TestClient } from './harness';
import { activeUser, auditAfterEach, bankWithdrawal, fund, summaryOf } from './money-helpers';

/**
 * Account statements against the ledger. Investor Ada's scripted history, on a scripted market
 * (the Silver strategy holds 100 % BTC bought at $100,000.00, plan fee 20 %):
 *
 *   06/02  deposit 5,000.00                                         (before the range)
 *   06/10  deposit 1,000.00; invest 1,000.00 at NAV 1; BTC → 110,000; close: value 1,100.00,
 *          fee 20.00, payout 1,080.00 (realised +80.00); withdrawal of 100.00 requested and
 *          paid (fee 10.00); withdrawal of 50.00 requested and rejected (moves no cash);
 *          balance adjustment −2.50 "Duplicate bonus"; an entry whose description starts with =
 *   06/12  withdrawal of 30.00 requested, still pending (held: part of cash)
 *   06/20  deposit 7.00                                             (after the range)
 *
 * The statement of 06/05–06/15 must open at 5,000.00 and close at 5,977.73.
 */

let t: ScriptedTradingApp;
let admin: TestClient;
let ada: { client: TestClient; user: { id: string }; input: { email: string; password: string } };
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const txIds: string[] = [];
let silverId: string;

const tickAt = (btc: string) => tickBtc(t, { BTCUSDT: btc });

/** Moves the test clock to 12:00 UTC of a June 2025 day; sessions idle that long sign in again. */
async function toJune(day: number) {
  const target = Date.UTC(2025, 5, day, 12, 0, 0);
  t.clock.advance(target - t.clock.now().getTime());
  admin = await adminClient(t);
  const client = new TestClient(t.app);
  const login = await client.post('/api/auth/login', {
    email: ada.input.email,
    password: ada.input.password,
  });
  expect(login.statusCode, login.body).toBe(200);
  ada = { ...ada, client };
}

/** The cash balance (available + withdrawal hold) at an instant, read straight from the postings. */
async function cashAt(userId: string, instant: Date): Promise<bigint> {
  const result = await t.db.execute<{ cash: string }>(sql`
    SELECT coalesce(sum(p.amount), 0)::text AS cash
    FROM postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN journal_entries e ON e.id = p.entry_id
    WHERE a.user_id = ${userId} AND a.kind IN ('available', 'withdrawal_hold')
      AND e.created_at < ${instant.toISOString()}`);
  return BigInt(result.rows[0]?.cash ?? '0');
}

const statementUrl = (from: string, to: string, format: 'csv' | 'pdf', extra = '') =>
  `/api/statements/account?from=${from}&to=${to}&format=${format}${extra}`;

/** Cents from a CSV amount ("-150.00"), exactly. */
/** A CSV download answered 200 as the attachment `filename`: its rows, the header row first. */
function csvRows(response: LightMyRequestResponse, filename: string): string[][] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  return parseCsv(response.body);
}

function cents(text: string | undefined): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = BigInt(match[2] ?? '0') * 100n + BigInt(match[3] ?? '0');
  return match[1] ? -value : value;
}

function pdfText(pdf: Buffer): string | null {
  if (!fs.existsSync('/usr/bin/pdftotext')) return null;
  const file = path.join(os.tmpdir(), `statement-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

useScriptedTradingApp((made) => (t = made));
beforeAll(async () => {
  admin = await adminClient(t);
  const plans = (await admin.get('/api/plans')).json<{
    plans: { id: string; title: string; strategy: { id: string } | null }[];
  }>().plans;
  const silver = plans.find((p) => p.title === 'Silver');
  if (!silver?.strategy) throw new Error('no Silver plan');
  silverId = silver.id;
  await t.db.execute(sql`UPDATE plans SET performance_fee_pct = 20 WHERE id = ${silver.id}`);
  const trader = await activeUser(t, 'Lead Trader');
  await admin.post(`/api/admin/users/${trader.user.id}/make-trader`);
  await admin.post(`/api/admin/strategies/${silver.strategy.id}/lead-trader`, {
    userId: trader.user.id,
  });
  await tickAt('100000.00');
  const order = await trader.client.post('/api/trader/orders', {
    symbol: 'BTCUSDT',
    side: 'long',
    targetWeight: '100',
  });
  expect(order.statusCode, order.body).toBe(200);

  ada = await activeUser(t, 'Ada Lovelace');
  txIds.push((await fund(t, admin, ada.client, 500_000)).transactionId);

  await toJune(10);
  await tickAt('100000.00');
  txIds.push((await fund(t, admin, ada.client, 100_000)).transactionId);
  const opened = await ada.client.post('/api/trades', { planId: silver.id, amount: '1000' });
  expect(opened.statusCode, opened.body).toBe(201);
  await tickAt('110000.00');
  const closed = await ada.client.post('/api/trades/current/close');
  expect(closed.statusCode, closed.body).toBe(200);

  const paid = (await ada.client.post('/api/withdrawals', bankWithdrawal('100'))).json<{
    transaction: Transaction;
  }>().transaction;
  expect(paid.feeCents).toBe(1_000);
  expect((await admin.post(`/api/admin/withdrawals/${paid.id}/pay`)).statusCode).toBe(200);
  txIds.push(paid.transactionId);
  const rejected = (await ada.client.post('/api/withdrawals', bankWithdrawal('50'))).json<{
    transaction: Transaction;
  }>().transaction;
  const reject = await admin.post(`/api/admin/withdrawals/${rejected.id}/reject`, {
    reason: 'Wrong account',
  });
  expect(reject.statusCode).toBe(200);
  const adjusted = await admin.post(`/api/admin/users/${ada.user.id}/adjustments`, {
    bucket: 'balance',
    amount: '-2.50',
    reason: 'Duplicate bonus',
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  // A description a spreadsheet would run as a formula (the ledger books any text it is given).
  await postEntry(t.db, adjustment(ada.user.id, 'balance', 123n, FORMULA), {
    createdAt: t.clock.now(),
  });

  await toJune(12);
  const pending = await ada.client.post('/api/withdrawals', bankWithdrawal('30'));
  expect(pending.statusCode, pending.body).toBe(201);

  await toJune(20);
  await fund(t, admin, ada.client, 700);
}, 120_000);
auditAfterEach(() => t);

const OPENING = 500_000n;
// 5,000.00 + 1,000.00 − 1,000.00 + 1,080.00 − 100.00 − 2.50 + 1.23 = 5,978.73
const CLOSING = 597_873n;

describe('GET /api/statements/account (CSV)', () => {
  it('opens and closes at the ledger balances of both dates, and every movement adds up', async () => {
    const response = await ada.client.get(statementUrl('2025-06-05', '2025-06-15', 'csv'));
    const [header, ...rows] = csvRows(response, 'nestrado-statement-2025-06-05-to-2025-06-15.csv');
    expect(response.headers['cache-control']).toBe('no-store');

    expect(header).toEqual([
      'row_type',
      'date_utc',
      'transaction_id',
      'category',
      'description',
      'amount',
      'fee',
      'balance',
    ]);
    const of = (type: string) => rows.filter((row) => row[0] === type);
    const opening = cents(of('opening')[0]?.[7]);
    const closing = cents(of('closing')[0]?.[7]);
    expect(opening).toBe(OPENING);
    expect(closing).toBe(CLOSING);
    expect(opening).toBe(await cashAt(ada.user.id, new Date('2025-06-05T00:00:00Z')));
    expect(closing).toBe(await cashAt(ada.user.id, new Date('2025-06-16T00:00:00Z')));

    const movements = of('movement');
    expect(movements.map((row) => [row[3], row[5], row[6]])).toEqual([
      ['deposits', '1000.00', ''],
      ['invested', '-1000.00', ''],
      ['returnedFromTrades', '1080.00', ''],
      ['withdrawals', '-100.00', '10.00'],
      ['adjustments', '-2.50', ''],
      ['adjustments', '1.23', ''],
    ]);
    // Running balance: each row is the previous plus its amount; the last is the closing.
    let running = opening;
    for (const row of movements) {
      running += cents(row[5]);
      expect(cents(row[7])).toBe(running);
    }
    expect(running).toBe(closing);
    expect(movements[0]?.[2]).toBe(txIds[1]);
    expect(movements[3]?.[2]).toBe(txIds[2]);
    expect(movements[4]?.[4]).toBe('Balance adjustment: Duplicate bonus');

    const summary: Record<string, bigint> = Object.fromEntries(
      of('summary').map((row): [string, bigint] => [row[3] ?? '', cents(row[5])]),
    );
    expect(summary).toEqual({
      deposits: 100_000n,
      withdrawals: -10_000n,
      invested: -100_000n,
      returnedFromTrades: 108_000n,
      performanceFeesReceived: 0n,
      bonuses: 0n,
      adjustments: -127n,
    });
    const summed = Object.values(summary).reduce((a, b) => a + b, opening);
    expect(summed).toBe(closing);
    const notes: Record<string, bigint> = Object.fromEntries(
      of('note').map((row): [string, bigint] => [row[3] ?? '', cents(row[5])]),
    );
    expect(notes).toEqual({
      withdrawal_fees: 1_000n,
      realised_profit_loss: 8_000n,
      performance_fees_paid: 2_000n,
      held_for_pending_withdrawals: 3_000n,
    });
  });

  it('neutralises a description that starts with = (the amount stays a number)', async () => {
    const response = await ada.client.get(statementUrl('2025-06-10', '2025-06-10', 'csv'));
    expect(response.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",1.23,,`);
    const row = parseCsv(response.body).find((r) => r[4]?.includes('HYPERLINK'));
    expect(row?.[4]).toBe(`'${FORMULA}`);
    expect(row?.[5]).toBe('1.23');
  });

  it('a range ending today closes at the balance the dashboard shows', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const response = await ada.client.get(statementUrl('2025-06-01', today, 'csv'));
    const closing = parseCsv(response.body).find((row) => row[0] === 'closing');
    const summary = await summaryOf(ada.client);
    expect(cents(closing?.[7])).toBe(BigInt(summary.availableCents + summary.heldCents));
    expect(cents(parseCsv(response.body).find((row) => row[0] === 'opening')?.[7])).toBe(0n);
  });

  it('a period without movements opens and closes at the same balance', async () => {
    const response = await ada.client.get(statementUrl('2025-06-13', '2025-06-19', 'csv'));
    const rows = parseCsv(response.body);
    expect(rows.filter((row) => row[0] === 'movement')).toEqual([]);
    const balances = rows.filter((row) => row[0] === 'opening' || row[0] === 'closing');
    expect(balances.map((row) => cents(row[7]))).toEqual([CLOSING, CLOSING]);
  });
});

describe('a long history', () => {
  it('pages through it: every movement in the range once, in order, none outside, zero-net moves left out', async () => {
    const { client, user } = await activeUser(t, 'Long History');
    const available = `user:${user.id}:available`;
    const hold = `user:${user.id}:withdrawal_hold`;
    // `count` entries of `cents` each from `start`, a second apart, booked as the posting function
    // books them; `pairs` adds, after each, a hold and its release (cash moving within cash).
    const book = (count: number, start: string, cents: number, pairs = false) =>
      t.db.execute(sql`
        SELECT count(*) FROM generate_series(1, ${count}::int) AS i,
        LATERAL (SELECT * FROM ledger_post_entry(
          ARRAY['platform:adjustments', ${available}], ARRAY['adjustments', 'available'],
          ARRAY[NULL, ${user.id}]::uuid[], ARRAY[${-cents}, ${cents}]::bigint[], ARRAY[false, true],
          'adjustment.balance', 'Long ' || i, NULL, NULL, NULL,
          ${start}::timestamptz + i * interval '1 second')
          UNION ALL
          SELECT * FROM ledger_post_entry(
            ARRAY[${available}, ${hold}], ARRAY['available', 'withdrawal_hold'],
            ARRAY[${user.id}, ${user.id}]::uuid[], ARRAY[-1, 1]::bigint[], ARRAY[true, true],
            'withdrawal.hold', 'hold', NULL, NULL, NULL, ${start}::timestamptz + i * interval '1 second')
          WHERE ${pairs}
          UNION ALL
          SELECT * FROM ledger_post_entry(
            ARRAY[${hold}, ${available}], ARRAY['withdrawal_hold', 'available'],
            ARRAY[${user.id}, ${user.id}]::uuid[], ARRAY[-1, 1]::bigint[], ARRAY[true, true],
            'withdrawal.release', 'release', NULL, NULL, NULL, ${start}::timestamptz + i * interval '1 second')
          WHERE ${pairs}) AS booked`);
    await book(600, '2025-05-01T00:00:00Z', 7);
    await book(1_234, '2025-05-10T00:00:00Z', 100, true);
    await book(300, '2025-05-25T00:00:00Z', 3);

    const rows = parseCsv((await client.get(statementUrl('2025-05-10', '2025-05-20', 'csv'))).body);
    const movements = rows.filter((row) => row[0] === 'movement');
    expect(movements).toHaveLength(1_234);
    expect(movements.every((row) => row.some((cell) => cell === '1.00'))).toBe(true);
    const balance = (kind: string) => cents(rows.find((row) => row[0] === kind)?.[7]);
    expect(balance('opening')).toBe(4_200n);
    expect(balance('closing')).toBe(4_200n + 123_400n);
    expect(balance('closing')).toBe(await cashAt(user.id, new Date('2025-05-21T00:00:00Z')));
  });
});

describe('GET /api/statements/account (PDF)', () => {
  it('holds the same totals, the account, the risk warning and page numbers', async () => {
    const response = await ada.client.get(statementUrl('2025-06-05', '2025-06-15', 'pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nestrado-statement-2025-06-05-to-2025-06-15.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    if (text === null) {
      console.warn(
        'pdftotext is missing (/usr/bin/pdftotext, poppler-utils): PDF text not checked',
      );
      return;
    }
    for (const expected of [
      'Nestrado',
      'Account statement',
      'Ada Lovelace',
      ada.user.id,
      '06/05/2025 – 06/15/2025',
      formatUsd(OPENING),
      formatUsd(CLOSING),
      '$1,080.00',
      '-$100.00',
      '$80.00', // realised profit
      '$20.00', // performance fee charged
      '$30.00', // held for the pending withdrawal
      'Balance adjustment: Duplicate bonus',
      'Copy trading involves risk.',
      'Page 1',
      ...txIds.slice(1),
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(txIds[0]);
  });

  it('speaks the language asked for (German), Accept-Language otherwise (Spanish)', async () => {
    const german = pdfText(
      (await ada.client.get(statementUrl('2025-06-05', '2025-06-15', 'pdf', '&lang=de')))
        .rawPayload,
    );
    const spanish = pdfText(
      (
        await ada.client.get(statementUrl('2025-06-05', '2025-06-15', 'pdf'), {
          'accept-language': 'es-ES,es;q=0.9,en;q=0.5',
        })
      ).rawPayload,
    );
    if (german === null || spanish === null) return;
    expect(german).toContain('Kontoauszug');
    expect(german).toContain('Seite 1');
    expect(german).toContain('Copy-Trading ist mit Risiken verbunden.');
    // Dates as each reader writes them, not the English 06/05/2025.
    expect(german).toContain('05.06.2025 – 15.06.2025');
    expect(german).not.toContain('06/05/2025');
    expect(spanish).toContain('Extracto de cuenta');
    expect(spanish).toContain('05/06/2025 – 15/06/2025');
    expect(spanish).toContain('Página 1');
    expect(spanish).toContain(formatUsd(CLOSING));
  });
});

describe("the movements' descriptions (issue 39)", () => {
  it("are written in the statement's language from their codes; English keeps the ledger's text", async () => {
    const [user] = await t.db.select().from(users).where(eq(users.id, ada.user.id));
    if (!user) throw new Error('no Ada');
    const statement = await openStatement(t.ctx, user, { from: '2025-06-05', to: '2025-06-15' });
    const lines: StatementLine[] = [];
    try {
      for await (const page of statement.lines()) lines.push(...page);
    } finally {
      statement.release();
    }
    const details = (language: 'en' | 'es' | 'de') =>
      lines.map((line) => movementCells(line, STATEMENT_MESSAGES[language]).details);
    expect(details('es')).toEqual([
      'Depósito mediante Bitcoin (BTC)', // an operator-named method keeps its name
      'Invertido en el plan Silver',
      'Operación cerrada (plan Silver): importe $1,000.00, beneficio $80.00',
      'Retiro mediante Transferencia bancaria (comisión $10.00)',
      'Ajuste de saldo: Duplicate bonus',
      // An entry of no transaction has no code: its stored text.
      FORMULA,
    ]);
    expect(details('de')[3]).toBe('Auszahlung über Banküberweisung (Gebühr $10.00)');
    expect(details('en')).toEqual([
      `Deposit ${txIds[1]}`,
      'Invested in Silver plan',
      'Trade closed (Silver plan): amount $1,000.00, profit $80.00',
      `Withdrawal ${txIds[2]} paid (fee $10.00)`,
      'Balance adjustment: Duplicate bonus',
      FORMULA,
    ]);
  });
});

describe('who may have a statement, and bad input', () => {
  it('another user gets only their own (empty) statement; a visitor gets 401', async () => {
    const other = await activeUser(t, 'Grace Hopper');
    const response = await other.client.get(statementUrl('2025-06-01', '2025-06-19', 'csv'));
    expect(response.statusCode).toBe(200);
    for (const id of [...txIds, ada.user.id, 'Ada Lovelace']) {
      expect(response.body).not.toContain(id);
    }
    const rows = parseCsv(response.body);
    expect(rows.filter((row) => row[0] === 'movement')).toEqual([]);
    expect(cents(rows.find((row) => row[0] === 'closing')?.[7])).toBe(0n);
    const pdf = pdfText(
      (await other.client.get(statementUrl('2025-06-01', '2025-06-19', 'pdf'))).rawPayload,
    );
    if (pdf !== null) {
      expect(pdf).toContain('Grace Hopper');
      expect(pdf).not.toContain('Ada Lovelace');
    }
    const visitor = await new TestClient(t.app).get(
      statementUrl('2025-06-01', '2025-06-19', 'csv'),
    );
    expect(visitor.statusCode).toBe(401);
  });

  it.each([
    ['from=2025-13-01&to=2025-06-30&format=csv', 'VALIDATION_FAILED', 'from'],
    ['from=2025-06-01&to=junk&format=csv', 'VALIDATION_FAILED', 'to'],
    ['to=2025-06-30&format=csv', 'VALIDATION_FAILED', 'from'],
    ['from=2025-06-01&to=2025-06-30&format=xls', 'VALIDATION_FAILED', 'format'],
    ['from=2025-06-01&to=2025-06-30&format=pdf&lang=fr', 'VALIDATION_FAILED', 'lang'],
    ['from=2025-02-29&to=2025-03-01&format=csv', 'VALIDATION_FAILED', 'from'],
    ['from=2025-06-19&to=2025-06-01&format=csv', 'STATEMENT_RANGE_REVERSED', 'to'],
    ['from=2019-01-01&to=2025-06-01&format=pdf', 'STATEMENT_RANGE_TOO_LONG', 'to'],
    ['from=2025-06-01&to=2099-01-01&format=csv', 'STATEMENT_DATE_IN_FUTURE', 'to'],
  ])('%s → 400 %s naming %s', async (query, code, field) => {
    const response = await ada.client.get(`/api/statements/account?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ error: { code, field } });
  });
});

describe('GET /api/statements/trades (closed-trade history)', () => {
  it('lists each closed trade once: amounts, fee, P/L after fee and ROI, exactly', async () => {
    const response = await ada.client.get('/api/statements/trades?format=csv');
    const today = t.clock.now().toISOString().slice(0, 10);
    const [header, ...rows] = csvRows(response, `nestrado-trade-history-${today}.csv`);
    expect(header).toEqual([
      'trade_id',
      'opened_at_utc',
      'closed_at_utc',
      'plan',
      'strategy',
      'amount_in',
      'value_at_close',
      'performance_fee',
      'amount_out',
      'profit_loss',
      'roi_pct',
      'close_reason',
      'transaction_id',
    ]);
    expect(rows).toHaveLength(1);
    const [trade] = rows;
    expect(trade?.slice(3, 12)).toEqual([
      'Silver',
      trade?.[4],
      '1000.00',
      '1100.00',
      '20.00',
      '1080.00',
      '80.00',
      '8.00',
      'close',
    ]);
    expect(trade?.[1]?.startsWith('2025-06-10 12:00')).toBe(true);
    // The statement's realised profit over the same days is the sum of these P/Ls.
    const statement = parseCsv(
      (await ada.client.get(statementUrl('2025-06-05', '2025-06-15', 'csv'))).body,
    );
    const realised = statement.find((row) => row[3] === 'realised_profit_loss');
    expect(realised?.[5]).toBe(trade?.[9]);
    // Another user's history is only the header.
    const other = await activeUser(t, 'Alan Turing');
    const theirs = await other.client.get('/api/statements/trades?format=csv');
    expect(parseCsv(theirs.body)).toHaveLength(1);
    expect((await ada.client.get('/api/statements/trades?format=pdf')).statusCode).toBe(400);
  });
});

describe('GET /api/statements/annual (annual summary)', () => {
  it('the year so far, month by month, chaining into the year and the dashboard balance', async () => {
    const response = await ada.client.get('/api/statements/annual?year=2025&format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nestrado-annual-summary-2025.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const value = (row: string[] | undefined, name: string) => cents(row?.[column(name)]);
    // The test clock is at 06/20/2025: January to June, then the year.
    expect(rows.map((row) => [row[0], row[1], row[2], row[3]])).toEqual([
      ['month', '2025-01', '2025-01-01', '2025-01-31'],
      ['month', '2025-02', '2025-02-01', '2025-02-28'],
      ['month', '2025-03', '2025-03-01', '2025-03-31'],
      ['month', '2025-04', '2025-04-01', '2025-04-30'],
      ['month', '2025-05', '2025-05-01', '2025-05-31'],
      ['month', '2025-06', '2025-06-01', '2025-06-20'],
      ['year', '2025', '2025-01-01', '2025-06-20'],
    ]);
    const june = rows[5];
    const year = rows[6];
    for (const row of [june, year]) {
      expect(value(row, 'opening')).toBe(0n);
      expect(value(row, 'deposits')).toBe(600_700n);
      expect(value(row, 'withdrawals')).toBe(-10_000n);
      expect(value(row, 'withdrawal_fees')).toBe(1_000n);
      expect(value(row, 'invested')).toBe(-100_000n);
      expect(value(row, 'returned_from_trades')).toBe(108_000n);
      expect(value(row, 'adjustments')).toBe(-127n);
      expect(value(row, 'closing')).toBe(CLOSING + 700n);
      expect(value(row, 'realised_profit_loss')).toBe(8_000n);
      expect(value(row, 'performance_fees_paid')).toBe(2_000n);
    }
    const summary = await summaryOf(ada.client);
    expect(value(year, 'closing')).toBe(BigInt(summary.availableCents + summary.heldCents));
    expect(value(year, 'closing')).toBe(await cashAt(ada.user.id, new Date('2025-06-21T00:00Z')));

    const pdf = pdfText(
      (await ada.client.get('/api/statements/annual?year=2025&format=pdf&lang=de')).rawPayload,
    );
    if (pdf !== null) {
      expect(pdf).toContain('Jahresübersicht 2025');
      expect(pdf).toContain('Juni 2025');
      expect(pdf).toContain(formatUsd(CLOSING + 700n));
      expect(pdf).toContain('Copy-Trading ist mit Risiken verbunden.');
    }
  });

  it.each([
    ['year=2026&format=csv', 'STATEMENT_DATE_IN_FUTURE'],
    ['year=20x5&format=csv', 'VALIDATION_FAILED'],
    ['year=1999&format=pdf', 'VALIDATION_FAILED'],
  ])('%s → 400 %s naming year', async (query, code) => {
    const response = await ada.client.get(`/api/statements/annual?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code, field: 'year' } });
  });
});

describe("the operator's exports (admin only, audited)", () => {
  it('the journal of a day: every posting, each entry balanced, recorded in the audit log', async () => {
    const response = await admin.get('/api/admin/exports/journal?from=2025-06-10&to=2025-06-10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="nestrado-journal-2025-06-10-to-2025-06-10.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'entry_id',
      'booked_at_utc',
      'entry_kind',
      'description',
      'transaction_id',
      'posting_id',
      'account_code',
      'account_kind',
      'user_id',
      'amount',
    ]);
    const total = rows.pop();
    expect(total?.[0]).toBe('total');
    expect(total?.[9]).toBe('0.00');
    expect(total?.[3]).toBe(`${rows.length} postings`);
    const byEntry = new Map<string, bigint>();
    for (const row of rows) {
      expect(row[1]?.startsWith('2025-06-10 ')).toBe(true);
      byEntry.set(row[0] ?? '', (byEntry.get(row[0] ?? '') ?? 0n) + cents(row[9]));
    }
    expect([...byEntry.values()].every((sum) => sum === 0n)).toBe(true);
    for (const id of txIds.slice(1)) expect(response.body).toContain(id);
    // Ada's cash postings that day add up to her cash movement that day.
    const adaCash = rows
      .filter((row) => row[8] === ada.user.id && row[7] !== 'invested')
      .reduce((sum, row) => sum + cents(row[9]), 0n);
    expect(adaCash).toBe(
      (await cashAt(ada.user.id, new Date('2025-06-11T00:00Z'))) -
        (await cashAt(ada.user.id, new Date('2025-06-10T00:00Z'))),
    );
    const audit = await t.db.execute<{ details: { from: string; to: string } }>(
      sql`SELECT details FROM audit_log WHERE action = 'export.journal' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.details).toEqual({ from: '2025-06-10', to: '2025-06-10' });
  });

  it('balances at a date: every account, Ada’s cash as her statement closes, all summing to zero', async () => {
    const response = await admin.get('/api/admin/exports/balances?at=2025-06-15');
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['account_code', 'account_kind', 'user_id', 'balance']);
    expect(rows.pop()).toEqual(['total', '', '', '0.00']);
    expect(rows.reduce((sum, row) => sum + cents(row[3]), 0n)).toBe(0n);
    const adaCash = rows
      .filter((row) => row[2] === ada.user.id && row[1] !== 'invested')
      .reduce((sum, row) => sum + cents(row[3]), 0n);
    expect(adaCash).toBe(CLOSING);
    const audited = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.balances'`,
    );
    expect(audited.rows[0]?.n).toBeGreaterThan(0);
  });

  it('refuses anyone but an admin, and bad dates by field', async () => {
    for (const url of [
      '/api/admin/exports/journal?from=2025-06-01&to=2025-06-02',
      '/api/admin/exports/balances?at=2025-06-01',
    ]) {
      expect((await ada.client.get(url)).statusCode).toBe(403);
      expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    }
    const future = await admin.get('/api/admin/exports/balances?at=2099-01-01');
    expect(future.json()).toMatchObject({
      error: { code: 'STATEMENT_DATE_IN_FUTURE', field: 'at' },
    });
    const reversed = await admin.get('/api/admin/exports/journal?from=2025-06-10&to=2025-06-01');
    expect(reversed.json()).toMatchObject({
      error: { code: 'STATEMENT_RANGE_REVERSED', field: 'to' },
    });
  });
});

describe('downloads share the database with everyone else', () => {
  it(`at most ${MAX_OPEN_SNAPSHOTS} statements at once per server; the next is told to retry (503)`, async () => {
    const [user] = await t.db.select().from(users).where(eq(users.id, ada.user.id));
    if (!user) throw new Error('no Ada');
    const held = [];
    for (let i = 0; i < MAX_OPEN_SNAPSHOTS; i += 1) {
      held.push(await openStatement(t.ctx, user, { from: '2025-06-01', to: '2025-06-19' }));
    }
    const busy = await ada.client.get(statementUrl('2025-06-01', '2025-06-19', 'csv'));
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ error: { code: 'STATEMENTS_BUSY' } });
    for (const statement of held) statement.release();
    const again = await ada.client.get(statementUrl('2025-06-01', '2025-06-19', 'csv'));
    expect(again.statusCode).toBe(200);
  });
});

describe('money back from a copy that stays open', () => {
  it('a profit claimed and funds taken out read as such, never "Trade closed", with their fees', async () => {
    // On 06/20 (the clock's day now): $2,000 in at NAV 1; at 1.1 the $200.00 profit is claimed
    // (fee $40.00, $160.00 in); at 1.2 $100.00 is taken out: 83.33333334 units marked at 1.1,
    // fee 20 % × $8.33 = $1.66, $98.34 in, their cost $91.67 (so $6.67 realised).
    const claire = await activeUser(t, 'Claire Voyant');
    await fund(t, admin, claire.client, 200_000);
    await tickAt('100000.00');
    const opened = await claire.client.post('/api/trades', { planId: silverId, amount: '2000' });
    expect(opened.statusCode, opened.body).toBe(201);
    await tickAt('110000.00');
    expect((await claire.client.post('/api/trades/current/claim')).statusCode).toBe(200);
    await tickAt('120000.00');
    const removed = await claire.client.post('/api/trades/current/remove-funds', {
      amount: '100',
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const csv = parseCsv(
      (await claire.client.get(statementUrl('2025-06-20', '2025-06-20', 'csv'))).body,
    );
    const movements = csv.filter((row) => row[0] === 'movement');
    expect(movements.map((row) => [row[3], row[5]])).toEqual([
      ['deposits', '2000.00'],
      ['invested', '-2000.00'],
      ['returnedFromTrades', '160.00'],
      ['returnedFromTrades', '98.34'],
    ]);
    expect(movements.slice(2).map((row) => row[4])).toEqual([
      'Profit claimed (Silver plan)',
      'Took funds out of Silver plan',
    ]);
    const notes: Record<string, string | undefined> = Object.fromEntries(
      csv.filter((row) => row[0] === 'note').map((row) => [row[3] ?? '', row[5]]),
    );
    expect(notes).toMatchObject({
      realised_profit_loss: '166.67',
      performance_fees_paid: '41.66',
    });
    // No trade has closed: the figure is what the claim and the removal realised, and says so.
    const realisedLabel = csv.find((row) => row[0] === 'note' && row[3] === 'realised_profit_loss');
    expect(realisedLabel?.[4]).toBe('Realised on closes, claims and removals, after fees');
    const text = pdfText(
      (await claire.client.get(statementUrl('2025-06-20', '2025-06-20', 'pdf'))).rawPayload,
    );
    if (text !== null) {
      expect(text).toContain('Profit claimed');
      expect(text).toContain('Funds taken out');
      expect(text).not.toContain('Trade closed');
    }
  });
});
