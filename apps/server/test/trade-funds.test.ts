import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  ClosedTrade,
  CurrentTrade,
  FundsChange,
  FundsChangeResponse,
  TradeHistoryPage,
} from '@app/shared/schemas/trades';
import { removalOf } from '@app/shared/funds-removal';
import { activeUser, summaryOf } from './money-helpers';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * Add funds and Remove funds on a scripted market: the Silver strategy ($1,000 to $4,999 a trade,
 * a 20 % fee) holds 100 % BTC bought at $100,000.00, so a unit is worth BTC / 100,000 and every
 * figure is exact. The numbers follow docs/copy-portfolio.md.
 */

let t: ScriptedTradingApp;
const FUNDED = 500_000;
const silver = useSilverAllInBtc((made) => (t = made.t));
const { tickAt } = silver;
const investor = (amount: string) => silver.copier('Funds Investor', FUNDED, { amount });

describe('add and remove funds', () => {
  it('add → rise → remove → fall → close: the fee is 20 % of each unit’s own gain, $192.00 in all', async () => {
    await tickAt('100000.00');
    const traderBefore = (await summaryOf(silver.leadTrader)).availableCents;
    const { client, trade } = await investor('2000');
    expect(trade.units).toBe('2000');

    // NAV 1.25: $1,000 more buys 800 units; the trade's amount is now $3,000.
    await tickAt('125000.00');
    const added = await client.post(
      `/api/trades/${trade.id}/add-funds`,
      { amount: '1000' },
      { 'idempotency-key': 'add-1' },
    );
    expect(added.statusCode, added.body).toBe(200);
    const addBody = added.json<FundsChangeResponse>();
    expect(addBody.change).toEqual({
      action: 'add',
      nav: '1.25',
      amountCents: 100_000,
      units: '800',
      costCents: 100_000,
      feeCents: 0,
      payoutCents: 0,
      profitCents: 0,
      after: { amountCents: 300_000, units: '2800', valueCents: 350_000 },
    });
    expect(addBody.trade).toMatchObject({
      amountCents: 300_000,
      units: '2800',
      valueCents: 350_000,
    });
    // The same key again answers the same and books nothing more.
    const again = await client.post(
      `/api/trades/${trade.id}/add-funds`,
      { amount: '1000' },
      { 'idempotency-key': 'add-1' },
    );
    expect(again.json<FundsChangeResponse>().transactionId).toBe(addBody.transactionId);
    expect((await summaryOf(client)).availableCents).toBe(FUNDED - 300_000);

    // The plan's maximum ($4,999) applies to the trade's total: $1,999 fits, $2,000 does not.
    const over = await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '2000' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      error: {
        code: 'ADD_ABOVE_PLAN_MAX',
        field: 'amount',
        params: { maxCents: 499_900, roomCents: 199_900 },
        message: 'This plan holds at most $4,999 per trade: you can add up to $1,999 to this one',
      },
    });

    // NAV 1.50: the confirmation's quote, then $600 out — 400 units of the first lot, fee
    // 400 × 0.50 × 20 % = $40.00, their cost $3,000 × 400 / 2,800 = $428.57.
    await tickAt('150000.00');
    const quote = await client.get(
      `/api/trades/${trade.id}/funds-quote?action=remove&amount=60000`,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const expected: FundsChange = {
      action: 'remove',
      nav: '1.5',
      amountCents: 60_000,
      units: '400',
      costCents: 42_857,
      feeCents: 4_000,
      payoutCents: 56_000,
      profitCents: 17_143,
      after: { amountCents: 257_143, units: '2400', valueCents: 360_000 },
    };
    expect(quote.json()).toEqual(expected);
    const removed = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '600' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<FundsChangeResponse>().change).toEqual(expected);

    // What stays must be at least the plan's minimum; no more than the trade is worth.
    const tooMuch = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '2700' });
    expect(tooMuch.json()).toMatchObject({
      error: {
        code: 'REMAINDER_BELOW_PLAN_MIN',
        field: 'amount',
        params: { minCents: 100_000, maxRemoveCents: 260_000 },
      },
    });
    const overValue = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '5000' });
    expect(overValue.json()).toMatchObject({
      error: { code: 'REMOVE_MORE_THAN_HELD', params: { valueCents: 360_000 } },
    });

    // NAV 1.40: close. Lot A's 1,600 units: 1,600 × 0.40 × 20 % = $128; lot B's 800 units:
    // 800 × 0.15 × 20 % = $24 — $152 now, $192 with the removal's $40.
    await tickAt('140000.00');
    const closed = await client.post(`/api/trades/${trade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ trade: ClosedTrade }>().trade).toMatchObject({
      valueCents: 336_000,
      feeCents: 15_200,
      payoutCents: 320_800,
    });
    expect((await summaryOf(client)).availableCents).toBe(FUNDED - 300_000 + 56_000 + 320_800);
    expect((await summaryOf(silver.leadTrader)).availableCents - traderBefore).toBe(19_200);

    // The history shows the trade's whole life: $3,000 in, $3,768 out, $192 of fees, and the
    // parts, each the amount of one of its transactions: $2,000 invested + $1,000 added in;
    // $560 taken out + $3,208 at the close out (no claim).
    const history = (await client.get('/api/trades/history')).json<TradeHistoryPage>();
    expect(history.trades[0]).toMatchObject({
      id: trade.id,
      amountCents: 300_000,
      openedCents: 200_000,
      addedCents: 100_000,
      payoutCents: 376_800,
      removedCents: 56_000,
      claimedCents: 0,
      closePayoutCents: 320_800,
      feeCents: 19_200,
      profitCents: 76_800,
      roiPct: '25.60',
    });
    const descriptions = (await client.get('/api/transactions?limit=10')).json<{
      items: { description: string; amountCents: number }[];
    }>().items;
    expect(descriptions.map((d) => [d.description, d.amountCents])).toEqual(
      expect.arrayContaining([
        ['Invested in Silver plan', 200_000],
        ['Added funds to Silver plan', 100_000],
        ['Took funds out of Silver plan', 56_000],
        [expect.stringMatching(/^Trade closed \(Silver plan\)/), 320_800],
      ]),
    );
  });

  it('$300 out of a $2,500 copy that has moved books exactly the shared rule the dialog explains', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('2500');
    // NAV 1.1234567: the copy is worth $2,808.64. $300 of value is 267.03298846 units (rounded
    // up, so they are worth the $300 asked); they cost $267.03 of the $2,500, so the Trade Amount
    // falls to $2,232.97, not $2,200; the fee is 20 % of their gain above NAV 1: $6.59.
    await tickAt('112345.67');
    const before = (await client.get('/api/trades/open')).json<{ trades: CurrentTrade[] }>()
      .trades[0];
    if (!before) throw new Error('no open trade');
    expect(before).toMatchObject({ amountCents: 250_000, units: '2500', valueCents: 280_864 });
    const summaryBefore = await summaryOf(client);
    const quote = await client.get(
      `/api/trades/${trade.id}/funds-quote?action=remove&amount=30000`,
    );
    const removed = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '300' });
    expect(removed.statusCode, removed.body).toBe(200);
    const booked = removed.json<FundsChangeResponse>();
    expect(quote.json()).toEqual(booked.change);

    const rule = removalOf(
      { amountCents: BigInt(before.amountCents), units: before.units },
      30_000n,
      booked.change.nav,
      BigInt(booked.change.feeCents),
    );
    expect(booked.change).toEqual({
      action: 'remove',
      nav: '1.1234567',
      amountCents: Number(rule.valueCents),
      units: rule.units,
      costCents: Number(rule.costCents),
      feeCents: Number(rule.feeCents),
      payoutCents: Number(rule.payoutCents),
      profitCents: Number(rule.profitCents),
      after: {
        amountCents: Number(rule.amountAfterCents),
        units: rule.unitsAfter,
        valueCents: Number(rule.valueAfterCents),
      },
    });
    expect(rule).toEqual({
      valueBeforeCents: 280_864n,
      units: '267.03298846',
      valueCents: 30_000n,
      costCents: 26_703n,
      profitCents: 3_297n,
      feeCents: 659n,
      payoutCents: 29_341n,
      amountAfterCents: 223_297n,
      unitsAfter: '2232.96701154',
      valueAfterCents: 250_864n,
    });
    // The ledger moved those cents: the cost left `invested`, the payout reached `available`.
    const summaryAfter = await summaryOf(client);
    expect(summaryBefore.investedCents - summaryAfter.investedCents).toBe(26_703);
    expect(summaryAfter.availableCents - summaryBefore.availableCents).toBe(29_341);
    expect(booked.trade).toMatchObject({ amountCents: 223_297, units: '2232.96701154' });
    const rows = await t.db.execute<{ amount_cents: string }>(
      sql`SELECT amount_cents FROM trades WHERE id = ${trade.id}`,
    );
    expect(rows.rows[0]?.amount_cents).toBe('223297');
  });

  it('money can always leave: a paused strategy refuses an add but not a removal', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('2000');
    const strategyId = trade.strategyId;
    await t.db.execute(sql`UPDATE strategies SET paused_at = now() WHERE id = ${strategyId}`);
    try {
      const add = await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '100' });
      expect(add.json()).toMatchObject({
        error: { code: 'PLAN_STRATEGY_PAUSED', field: 'amount' },
      });
      const remove = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '100' });
      expect(remove.statusCode, remove.body).toBe(200);
    } finally {
      await t.db.execute(sql`UPDATE strategies SET paused_at = NULL WHERE id = ${strategyId}`);
    }
    await client.post(`/api/trades/${trade.id}/close`);
  });

  it('an add, a removal and a close racing on one trade each book once or are refused', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('3000');
    const results = await Promise.all([
      client.post(`/api/trades/${trade.id}/add-funds`, { amount: '500' }),
      client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '500' }),
      client.post(`/api/trades/${trade.id}/close`),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    const changes = (
      await t.db.execute<{ kind: string }>(
        sql`SELECT kind FROM trade_changes WHERE trade_id = ${trade.id}`,
      )
    ).rows.map((r) => r.kind);
    // Every change that answered 200 is recorded once; anything after the close was refused.
    expect(changes.sort()).toEqual(
      (['add', 'remove'] as const).filter((_, i) => codes[i] === 200).sort(),
    );
    expect(codes[2]).toBe(200);
    for (const refused of results.slice(0, 2).filter((r) => r.statusCode !== 200)) {
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('NO_OPEN_TRADE');
    }
  });

  it('a close is never stamped before the funds change booked ahead of it, even on a clock behind', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000');
    t.clock.advance(60_000);
    const added = await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '100' });
    expect(added.statusCode, added.body).toBe(200);
    const changedAt = async () =>
      (
        await t.db.execute<{ at: string }>(
          sql`SELECT extract(epoch FROM max(created_at)) * 1000 AS at FROM trade_changes WHERE trade_id = ${trade.id}`,
        )
      ).rows.map((r) => Number(r.at))[0] ?? Infinity;
    const added1 = await changedAt();
    // The next request reads a clock 30 s behind the one that booked the add (another instance,
    // or a clock read before the lock the add held): the removal and the close come after it.
    t.clock.advance(-30_000);
    const removed = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '100' });
    expect(removed.statusCode, removed.body).toBe(200);
    const removedAt = await changedAt();
    expect(removedAt).toBeGreaterThanOrEqual(added1);
    const closed = await client.post(`/api/trades/${trade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const booked = (
      await t.db.execute<{ closed: string; tx: string }>(sql`
        SELECT extract(epoch FROM tr.closed_at) * 1000 AS closed,
          extract(epoch FROM x.created_at) * 1000 AS tx
        FROM trades tr JOIN transactions x ON x.id = tr.close_transaction_id
        WHERE tr.id = ${trade.id}`)
    ).rows.map((r) => ({ closed: Number(r.closed), tx: Number(r.tx) }))[0];
    expect(booked?.closed).toBeGreaterThanOrEqual(removedAt);
    expect(booked?.tx).toBe(booked?.closed);
    expect(new Date(closed.json<{ trade: ClosedTrade }>().trade.closedAt).getTime()).toBe(
      booked?.closed,
    );
    t.clock.advance(30_000);
  });

  it('a removal racing the stop-loss it would cross: one outcome, nothing booked twice', async () => {
    await tickAt('100000.00');
    const { client, trade } = await silver.copier('Funds Racer', FUNDED, {
      amount: '3000',
      stopLossPct: 10,
    });
    // BTC -10 %: the tick's scheduled close and the owner's removal both want the trade.
    t.market.set({ BTCUSDT: '90000.00' });
    t.clock.advance(1_000);
    const [removal] = await Promise.all([
      client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '500' }),
      t.trading.tick(t.clock.now()).then(() => t.trading.closes.settled()),
    ]);
    const [row] = (
      await t.db.execute<{ status: string; close_reason: string | null }>(
        sql`SELECT status, close_reason FROM trades WHERE id = ${trade.id}`,
      )
    ).rows;
    // The stop-loss closes the trade either way (a removal keeps the loss share of what stays).
    expect(row).toEqual({ status: 'closed', close_reason: 'stop_loss' });
    const removals = (
      await t.db.execute(sql`SELECT 1 FROM trade_changes WHERE trade_id = ${trade.id}`)
    ).rows.length;
    let expected = FUNDED - 300_000 + 270_000; // the stop-loss closed all of it at NAV 0.90
    if (removal.statusCode === 200) {
      expect(removals).toBe(1);
      // The removal at the NAV it saw (1.00 before the tick, or 0.90 after), the rest at 0.90.
      const { change } = removal.json<FundsChangeResponse>();
      const unitsLeft = 3_000 - Number(change.units);
      expected = FUNDED - 300_000 + change.payoutCents + Math.floor(unitsLeft * 90);
    } else {
      expect(removal.json()).toMatchObject({ error: { code: 'NO_OPEN_TRADE' } });
      expect(removals).toBe(0);
    }
    // Everything reached the balance once.
    expect((await summaryOf(client)).availableCents).toBe(expected);
  });

  it('another user’s trade is not found, and the database refuses a cost change that leaves the lots as they were', async () => {
    await tickAt('100000.00');
    const { trade } = await investor('1000');
    const { client: stranger } = await activeUser(t, 'Funds Stranger');
    const foreign = await stranger.post(`/api/trades/${trade.id}/add-funds`, { amount: '100' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'TRADE_NOT_FOUND' } });
    const peek = await stranger.get(`/api/trades/${trade.id}/funds-quote?action=add&amount=100`);
    expect(peek.statusCode).toBe(404);

    await expect(
      t.db.execute(sql`UPDATE trades SET amount_cents = amount_cents + 1 WHERE id = ${trade.id}`),
    ).rejects.toMatchObject({ cause: { message: `trade ${trade.id} money fields are immutable` } });
    // With its lots rewritten (as an add or a removal does) the same change is accepted.
    await t.db.execute(sql`UPDATE trades SET amount_cents = amount_cents - 1,
      lots = '[{"units": "1000", "highWaterNav": "1"}]' WHERE id = ${trade.id}`);
    await t.db.execute(sql`UPDATE trades SET amount_cents = amount_cents + 1,
      lots = '[{"units": "1000", "highWaterNav": "1.0"}]' WHERE id = ${trade.id}`);
  });
});
