import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  CurrentTrade,
  FundsChangeResponse,
  TradeHistoryPage,
} from '@app/shared/schemas/trades';
import type { TestClient } from './harness';
import { summaryOf } from './money-helpers';
import { closeCopy, useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * Trades on a scripted market: the lead trader holds the Silver strategy 100 % in BTC bought at
 * $100,000.00, so one unit is worth BTC / 100,000 and every figure below is exact.
 */

let t: ScriptedTradingApp;
const DAY_MS = 86_400_000;
const FUNDED = 500_000;
const silver = useSilverAllInBtc((made) => (t = made.t));
const { tickAt } = silver;

const investor = (amount: string, stopLossPct?: number, takeProfitPct?: number) =>
  silver.copier('Exact Investor', FUNDED, {
    amount,
    ...(stopLossPct ? { stopLossPct } : {}),
    ...(takeProfitPct ? { takeProfitPct } : {}),
  });

/** How a trade closed, as stored: its reason, exit NAV, fee and payout (cents). */
async function closeOf(tradeId: string) {
  const { rows } = await t.db.execute<{
    close_reason: string;
    exit_nav: string;
    fee: string;
    payout: string;
  }>(
    sql`SELECT close_reason, exit_nav::text, fee_cents::text AS fee, payout_cents::text AS payout
        FROM trades WHERE id = ${tradeId}`,
  );
  return rows[0];
}

const current = async (client: TestClient) =>
  (await client.get('/api/trades/current')).json<{ trade: CurrentTrade | null }>().trade;

describe('exact cents on a scripted market', () => {
  it('claim takes the profit out less 20 % of it, once, and leaves the copy open with its amount', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000');
    expect(trade.entryNav).toBe('1');
    expect(trade.units).toBe('1000');

    await tickAt('110000.00');
    const open = await current(client);
    expect(open).toMatchObject({ currentNav: '1.1', valueCents: 110_000, profitCents: 10_000 });
    expect(open?.roiPct).toBe('10.00');

    // Two claims at once: one takes the $100.00 profit, the other finds none left.
    const [a, b] = await Promise.all([
      client.post('/api/trades/current/claim'),
      client.post('/api/trades/current/claim'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('NO_PROFIT_TO_CLAIM');
    const claimed = (a.statusCode === 200 ? a : b).json<FundsChangeResponse>();
    // The units worth $100.00 at 1.1 (90.90909091, rounded up), fee 20 % of $100.00: $80.00 in.
    expect(claimed.change).toEqual({
      action: 'claim',
      nav: '1.1',
      amountCents: 10_000,
      units: '90.90909091',
      costCents: 0,
      feeCents: 2_000,
      payoutCents: 8_000,
      profitCents: 10_000,
      after: { amountCents: 100_000, units: '909.09090909', valueCents: 99_999 },
    });
    // Still open, with its amount; the units left are worth it less the cent of unit rounding.
    expect(await current(client)).toMatchObject({
      id: trade.id,
      amountCents: 100_000,
      units: '909.09090909',
      valueCents: 99_999,
      profitCents: -1,
    });
    const summary = await summaryOf(client);
    expect(summary.availableCents).toBe(FUNDED - 100_000 + 8_000);
    expect(summary.investedCents).toBe(100_000);
    expect(summary.recentTransactions[0]).toMatchObject({
      transactionId: claimed.transactionId,
      kind: 'profit_claim',
      type: 'credit',
      amountCents: 8_000,
      description: 'Profit claimed (Silver plan)',
      descriptionParts: { code: 'profit_claim', plan: 'Silver' },
    });
    // The lead trader's fee income is in every figure: balance and total profit alike.
    expect(await summaryOf(silver.leadTrader)).toMatchObject({
      availableCents: 2_000,
      balanceCents: 2_000,
      totalProfitCents: 2_000,
    });

    // Closed at 1.2: the fee only on the rise above 1.1 (909.09090909 × 0.10 × 20 % = $18.18),
    // and the transaction says the amount and the profit after the fee.
    await tickAt('120000.00');
    expect(await closeCopy(client)).toMatchObject({
      closeReason: 'close',
      amountCents: 100_000,
      valueCents: 109_090,
      feeCents: 1_818,
      payoutCents: 107_272,
    });
    expect((await summaryOf(client)).recentTransactions[0]).toMatchObject({
      kind: 'trade_close',
      amountCents: 107_272,
      description: 'Trade closed (Silver plan): amount $1,000.00, profit $72.72',
      descriptionParts: {
        code: 'trade_close',
        reason: 'close',
        plan: 'Silver',
        amountCents: 100_000,
        profitCents: 7_272,
      },
    });
    expect(await summaryOf(silver.leadTrader)).toMatchObject({
      availableCents: 2_000 + 1_818,
      balanceCents: 2_000 + 1_818,
      totalProfitCents: 2_000 + 1_818,
    });
    // The history tells the copy's whole life: the profit claimed counts in what it paid out.
    const history = (await client.get('/api/trades/history')).json<TradeHistoryPage>();
    expect(history.trades[0]).toMatchObject({
      id: trade.id,
      amountCents: 100_000,
      feeCents: 2_000 + 1_818,
      payoutCents: 8_000 + 107_272,
      profitCents: 15_272,
      roiPct: '15.27',
    });
  });

  it('a copy at or below its amount has no profit to claim: refused, nothing booked', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000');
    await tickAt('99000.00');
    const before = await summaryOf(client);
    const claim = await client.post(`/api/trades/${trade.id}/claim`);
    expect(claim.statusCode).toBe(409);
    expect(claim.json<{ error: { code: string } }>().error.code).toBe('NO_PROFIT_TO_CLAIM');
    expect(await summaryOf(client)).toEqual(before);
    // Closing it at a loss says so.
    const closed = await client.post(`/api/trades/${trade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await summaryOf(client)).recentTransactions[0]).toMatchObject({
      amountCents: 99_000,
      description: 'Trade closed (Silver plan): amount $1,000.00, loss $10.00',
    });
  });

  it('a 10 % stop-loss holds at a 9.999 % loss and fires at exactly 10 %', async () => {
    await tickAt('100000.00');
    const { client } = await investor('1000', 10);

    await tickAt('90001.00');
    expect(await current(client)).toMatchObject({ valueCents: 90_001, profitCents: -9_999 });

    await tickAt('90000.00');
    expect(await current(client)).toBeNull();
    const [row] = (
      await t.db.execute<{ close_reason: string; exit_nav: string; payout_cents: string }>(sql`
        SELECT close_reason, exit_nav::text, payout_cents::text FROM trades
        WHERE close_reason = 'stop_loss'`)
    ).rows;
    expect(row).toEqual({ close_reason: 'stop_loss', exit_nav: '0.9', payout_cents: '90000' });
    const summary = await summaryOf(client);
    expect(summary.availableCents).toBe(FUNDED - 100_000 + 90_000);
    // A stop-loss is a close: its transaction says the amount and the loss.
    expect(summary.recentTransactions[0]).toMatchObject({
      kind: 'trade_close',
      amountCents: 90_000,
      description: 'Trade closed by stop-loss (Silver plan): amount $1,000.00, loss $100.00',
    });
  });

  it('a 25 % take-profit holds at a 24.999 % gain and fires at exactly 25 %, the fee taken once', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000', undefined, 25);
    expect(trade.takeProfitPct).toBe(25);

    await tickAt('124999.00');
    expect(await current(client)).toMatchObject({ valueCents: 124_999, takeProfitPct: 25 });

    await tickAt('125000.00');
    expect(await current(client)).toBeNull();
    const row = await closeOf(trade.id);
    // Value $1,250.00, profit $250.00, 20 % fee $50.00.
    expect(row).toEqual({
      close_reason: 'take_profit',
      exit_nav: '1.25',
      fee: '5000',
      payout: '120000',
    });
    const summary = await summaryOf(client);
    expect(summary.availableCents).toBe(FUNDED - 100_000 + 120_000);
    expect(summary.recentTransactions[0]).toMatchObject({
      kind: 'trade_close',
      description: 'Trade closed by take-profit (Silver plan): amount $1,000.00, profit $200.00',
    });
  });

  it('one tick takes one copy’s profit and stops another out, both at that tick’s NAV, each with its reason', async () => {
    await tickAt('100000.00');
    const gainer = await investor('1000');
    await tickAt('125000.00');
    const loser = await investor('1250', 5);
    // The gainer (in at NAV 1) asks for 10 % now, while up 25 %: it closes at the next tick.
    await gainer.client.request('PATCH', `/api/trades/${gainer.trade.id}`, { takeProfitPct: 10 });
    // NAV 1.1: the gainer is up 10 % (take-profit), the loser (in at 1.25) down 12 % (stop 5 %).
    await tickAt('110000.00');
    expect(await current(gainer.client)).toBeNull();
    expect(await current(loser.client)).toBeNull();
    const rows = (
      await t.db.execute<{ id: string; close_reason: string; exit_nav: string; payout: string }>(
        sql`SELECT id, close_reason, exit_nav::text, payout_cents::text AS payout FROM trades
            WHERE id IN (${gainer.trade.id}, ${loser.trade.id})`,
      )
    ).rows;
    expect(
      Object.fromEntries(rows.map((r) => [r.id, [r.close_reason, r.exit_nav, r.payout]])),
    ).toEqual({
      // $1,100.00 less 20 % of the $100.00 profit.
      [gainer.trade.id]: ['take_profit', '1.1', '108000'],
      // 1,000 units at 1.1; no fee on a loss.
      [loser.trade.id]: ['stop_loss', '1.1', '110000'],
    });
  });

  it('changes and removes a take-profit on an open trade; bad values are refused with the rule', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000');
    expect(trade.takeProfitPct).toBeNull();
    const path = `/api/trades/${trade.id}`;
    const set = await client.request('PATCH', path, { takeProfitPct: 15 });
    expect(set.json<{ trade: CurrentTrade }>().trade).toMatchObject({
      takeProfitPct: 15,
      stopLossPct: 40,
    });
    for (const bad of [0, 1001, 2.5, 'ten']) {
      const refused = await client.request('PATCH', path, { takeProfitPct: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', params: { rule: 'TAKE_PROFIT_RANGE' } },
      });
    }
    const empty = await client.request('PATCH', path, {});
    expect(empty.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', params: { rule: 'TRADE_CHANGE_REQUIRED' } },
    });
    const removed = await client.request('PATCH', path, { takeProfitPct: null });
    expect(removed.json<{ trade: CurrentTrade }>().trade.takeProfitPct).toBeNull();
    // Without a take-profit a 100 % gain closes nothing.
    await tickAt('200000.00');
    expect(await current(client)).toMatchObject({ valueCents: 200_000 });
    await client.post(`${path}/close`);
  });

  it('the term end closes at the last tick’s NAV, fee above the high-water mark', async () => {
    await tickAt('100000.00');
    const { trade } = await investor('2500');
    // Sessions do not last a week: from here the database is read directly.
    t.clock.advance(7 * DAY_MS);
    await tickAt('104000.00');
    t.trading.closes.termEnds(t.clock.now());
    await t.trading.closes.settled();
    const row = await closeOf(trade.id);
    // Value $2,600.00, profit $100.00, fee $20.00.
    expect(row).toEqual({
      close_reason: 'term_end',
      exit_nav: '1.04',
      fee: '2000',
      payout: '258000',
    });
    // The term end is a close: amount $2,500.00, profit after the fee $80.00.
    const [credit] = (
      await t.db.execute<{ kind: string; description: string }>(
        sql`SELECT x.kind, x.description FROM transactions x
            JOIN trades tr ON tr.close_transaction_id = x.id WHERE tr.id = ${trade.id}`,
      )
    ).rows;
    expect(credit).toEqual({
      kind: 'trade_close',
      description:
        'Trade closed at the end of its term (Silver plan): amount $2,500.00, profit $80.00',
    });
  });
});
