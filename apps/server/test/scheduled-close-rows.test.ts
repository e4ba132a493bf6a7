import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import type { TestClient } from './harness';
import { registerUser } from './harness';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';
import expected from './scheduled-close-rows.expected.json';

/**
 * Every row one tick's scheduled closes write, exactly: the owners' credit transactions and the
 * lead trader's fee, the ledger entries and their postings, the alerts and their e-mails — a
 * take-profit with a fee (in Spanish), two stop-losses (a name HTML must escape; an owner who
 * turned that e-mail off) and a practice take-profit (in German, its fee to nobody). The closes
 * are the cascade's hot path (issue 43): a change that makes them cheaper writes these same rows.
 * The lead trader holds the Silver strategy 100 % in BTC bought at $100,000.00, a 20 % fee.
 */

let t: ScriptedTradingApp;
const silver = useSilverAllInBtc((made) => (t = made.t));
const { tickAt } = silver;

async function put(client: TestClient, url: string, body: unknown) {
  const answer = await client.put(url, body);
  expect(answer.statusCode, answer.body).toBe(200);
}

async function patch(client: TestClient, tradeId: string, body: unknown) {
  const answer = await client.request('PATCH', `/api/trades/${tradeId}`, body);
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The user's practice copy of $1,000.00 in Silver, their e-mail verified and practice started. */
async function practiceCopy(userId: string, client: TestClient): Promise<CurrentTrade> {
  await t.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${userId}`);
  const answers = [
    await client.post('/api/practice/start'),
    await client.post('/api/trades', { planId: silver.planId, amount: '1000', book: 'practice' }),
  ];
  expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
  const [, opened] = answers;
  if (!opened) throw new Error('no answer to the practice copy');
  return opened.json<{ trade: CurrentTrade }>().trade;
}

describe('the rows of a scheduled close', () => {
  it('are the transactions, entries, postings, alerts and e-mails of each close, exactly', async () => {
    await tickAt('100000.00');
    const gainer = await silver.copier('Bea Ganancia', 500_000, { amount: '1000' });
    const practiser = await registerUser(t.app, { name: 'Pia Übung' });
    const practiceTrade = await practiceCopy(practiser.user.id, practiser.client);

    await tickAt('125000.00');
    const loser = await silver.copier('Ana <b>Stop</b> & "Co"', 500_000, {
      amount: '1250',
      stopLossPct: 5,
    });
    const quiet = await silver.copier('Cy Quiet', 500_000, { amount: '1250', stopLossPct: 5 });
    await put(gainer.client, '/api/notifications/preferences', { language: 'es' });
    await put(practiser.client, '/api/notifications/preferences', { language: 'de' });
    await put(quiet.client, '/api/notifications/preferences', {
      email: { trade_stopped_out: false },
    });
    // Up 25 %, the gainers ask for 10 %: they close at the next tick, with the losers.
    await patch(gainer.client, gainer.trade.id, { takeProfitPct: 10 });
    await patch(practiser.client, practiceTrade.id, { takeProfitPct: 10 });

    // NAV 1.1: the gainers up 10 % (take-profit), the losers (in at 1.25) down 12 % (stop 5 %).
    await tickAt('110000.00');

    const who = new Map<string, string>([
      [gainer.trade.id, 'gainer trade'],
      [practiceTrade.id, 'practice trade'],
      [loser.trade.id, 'loser trade'],
      [quiet.trade.id, 'quiet trade'],
    ]);
    const { rows: people } = await t.db.execute<{ id: string; name: string; email: string }>(
      sql`SELECT id, name, email FROM users`,
    );
    for (const person of people) {
      // As JSON text (the rows are matched as JSON): the name's quotes stay escaped.
      const label = JSON.stringify(person.name).slice(1, -1);
      who.set(person.id, label);
      who.set(person.email, label);
    }
    const named = (text: string) =>
      [...who].reduce((out, [id, name]) => out.split(id).join(`<${name}>`), text);
    const { rows: closedAt } = await t.db.execute<{ at: string; n: string }>(
      sql`SELECT min(closed_at)::text AS at, count(DISTINCT closed_at)::text AS n FROM trades
          WHERE id IN (${gainer.trade.id}, ${practiceTrade.id}, ${loser.trade.id}, ${quiet.trade.id})`,
    );
    expect(closedAt[0]?.n).toBe('1');
    const at = closedAt[0]?.at;

    const transactions = await t.db.execute<Record<string, unknown>>(sql`
      SELECT t.id, t.user_id, t.kind, t.type, t.status, t.amount_cents::text AS amount,
        t.fee_cents::text AS fee, t.description, t.description_parts, t.book,
        t.decided_at = t.created_at AND t.updated_at = t.created_at AS stamped,
        (SELECT tr.id FROM trades tr WHERE tr.close_transaction_id = t.id) AS closes
      FROM transactions t WHERE t.created_at = ${at}::timestamptz
      ORDER BY t.kind, t.amount_cents, t.book, (SELECT u.name FROM users u WHERE u.id = t.user_id)`);
    const transactionLabel = new Map(
      transactions.rows.map((row, i) => [row.id as string, `transaction ${i + 1}`]),
    );
    const entries = await t.db.execute<Record<string, unknown>>(sql`
      SELECT e.kind, e.description, e.transaction_id, e.created_by,
        (SELECT json_agg(json_build_array(a.code, p.amount::text) ORDER BY a.code)
         FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
         WHERE p.entry_id = e.id) AS postings
      FROM journal_entries e WHERE e.created_at = ${at}::timestamptz
      ORDER BY e.kind, e.description, (SELECT u.name FROM transactions t
        JOIN users u ON u.id = t.user_id WHERE t.id = e.transaction_id)`);
    const notifications = await t.db.execute<Record<string, unknown>>(sql`
      SELECT user_id, type, params, read_at FROM notifications
      WHERE created_at = ${at}::timestamptz
      ORDER BY type, (SELECT u.name FROM users u WHERE u.id = user_id)`);
    const mails = await t.db.execute<Record<string, unknown>>(sql`
      SELECT to_address, template, subject, text_body, html_body, sealed_body, status
      FROM mail_outbox WHERE template LIKE 'trade%' ORDER BY template, subject, to_address`);

    const dump = (rows: Record<string, unknown>[]) =>
      JSON.parse(
        named(
          JSON.stringify(
            rows.map(({ id: _id, ...row }) => ({
              ...row,
              ...(row.transaction_id !== undefined
                ? { transaction_id: transactionLabel.get(row.transaction_id as string) ?? null }
                : {}),
            })),
          ),
        ),
      ) as unknown;
    const written = {
      transactions: dump(transactions.rows),
      entries: dump(entries.rows),
      notifications: dump(notifications.rows),
      mails: dump(mails.rows),
    };
    // The rows as main wrote them before issue 43's process cuts (ids named, e-mails in full).
    expect(written).toEqual(expected);
    // What they say, in brief: $1,100.00 at NAV 1.1 less 20 % of the $100.00 gain; the stops
    // at $1,100.00; no fee transaction for the practice copy; no e-mail for Cy.
    expect(transactions.rows.map((row) => [row.kind, row.amount, row.book])).toEqual([
      ['performance_fee', '2000', 'real'],
      ['trade_close', '108000', 'practice'],
      ['trade_close', '108000', 'real'],
      ['trade_close', '110000', 'real'],
      ['trade_close', '110000', 'real'],
    ]);
    expect(mails.rows.map((row) => row.template)).toEqual([
      'trade_stopped_out',
      'trade_take_profit',
      'trade_take_profit',
    ]);
  });
});
