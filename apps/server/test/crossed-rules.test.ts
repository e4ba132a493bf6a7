import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Dec } from '../src/modules/market/domain';
import { createScheduledCloses } from '../src/modules/copy-trading/copies/scheduled-closes';
import { createAlertMails } from '../src/modules/notifications';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * The scheduled closes check a strategy's copies only when they can have crossed (issue 43): its
 * NAV moved since they were last checked, or a copy's crossing NAVs changed since (rule_xid,
 * migration 0067). A copy that a rule edit, an add of funds, a claim or its own opening leaves
 * crossed at an unchanged NAV is closed at the next tick, once; without the changed-rules read
 * (strategiesWithChangedRules) every test here fails.
 *
 * The Silver strategy holds 100 % BTC bought at $100,000.00: its NAV is BTC / 100,000.
 */

let t: ScriptedTradingApp;
const FUNDED = 1_000_000;
const silver = useSilverAllInBtc((made) => (t = made.t));
const { tickAt } = silver;

async function tradeRow(id: string) {
  const { rows } = await t.db.execute<{
    status: string;
    close_reason: string | null;
    exit_nav: string | null;
    user_id: string;
  }>(
    sql`SELECT status, close_reason, exit_nav::text AS exit_nav, user_id FROM trades WHERE id = ${id}`,
  );
  const [row] = rows;
  if (!row) throw new Error(`no trade ${id}`);
  return row;
}

/** Closed once: one alert of `type` to its owner and one closing transaction. */
async function expectClosedOnce(id: string, reason: string, nav: string, type: string) {
  const row = await tradeRow(id);
  expect(row).toMatchObject({ status: 'closed', close_reason: reason });
  expect(new Dec(row.exit_nav ?? 'NaN').eq(new Dec(nav))).toBe(true);
  const alerts = await t.db.execute<{ n: string }>(sql`
    SELECT count(*) AS n FROM notifications
    WHERE user_id = ${row.user_id} AND type = ${type} AND params->>'tradeId' = ${id}`);
  expect(alerts.rows[0]?.n).toBe('1');
}

/** The same prices a second later: every NAV unchanged. */
const tickAgain = async () => {
  t.clock.advance(1_000);
  await t.trading.tick(t.clock.now());
  await t.trading.closes.settled();
};

/** A checker of its own, offered `nav` for the Silver strategy (as a tick would). */
function ownCloses(strategyId: string) {
  const closes = createScheduledCloses(t.ctx, createAlertMails(t.ctx));
  return async (nav: string) => {
    const at = t.clock.now();
    const offered = { nav: new Dec(nav), at: at.getTime() };
    closes.offer({
      at,
      navs: [{ strategyId, nav: offered.nav }],
      navOf: (id) => (id === strategyId ? offered : null),
    });
    await closes.settled();
  };
}

async function strategyOf(tradeId: string): Promise<string> {
  const { rows } = await t.db.execute<{ strategy_id: string }>(
    sql`SELECT strategy_id FROM trades WHERE id = ${tradeId}`,
  );
  return rows[0]!.strategy_id;
}

describe('crossed copies at an unchanged NAV', () => {
  it.each([
    {
      // NAV 0.85: a 15 % loss, inside the 20 % stop; then a 10 % stop.
      rule: 'stop-loss',
      opened: { stopLossPct: 20 },
      btc: '85000.00',
      edit: { stopLossPct: 10 },
      closed: { reason: 'stop_loss', nav: '0.85', alert: 'trade_stopped_out' },
    },
    {
      // NAV 1.15: a 15 % gain, short of the 30 % take-profit; then a 10 % one.
      rule: 'take-profit',
      opened: { takeProfitPct: 30 },
      btc: '115000.00',
      edit: { takeProfitPct: 10 },
      closed: { reason: 'take_profit', nav: '1.15', alert: 'trade_take_profit' },
    },
  ] as const)('a $rule edited so that it is crossed closes at the next tick, once', async (one) => {
    await tickAt('100000.00');
    const { client, trade } = await silver.copier(`Editor ${one.rule}`, FUNDED, {
      amount: '2000',
      ...one.opened,
    });
    await tickAt(one.btc);
    await tickAgain();
    expect((await tradeRow(trade.id)).status).toBe('open');

    const edited = await client.request('PATCH', `/api/trades/${trade.id}`, one.edit);
    expect(edited.statusCode, edited.body).toBe(200);
    await tickAgain();
    await expectClosedOnce(trade.id, one.closed.reason, one.closed.nav, one.closed.alert);
    await tickAgain();
    await expectClosedOnce(trade.id, one.closed.reason, one.closed.nav, one.closed.alert);
  });

  it('an edit committed after the check read its snapshot is seen by the next check', async () => {
    await tickAt('100000.00');
    const { trade } = await silver.copier('Late Committer', FUNDED, {
      amount: '2000',
      stopLossPct: 20,
    });
    await tickAt('85000.00');
    await tickAgain();
    // A transaction sets the stop (its xid taken) and stays open across a tick's check.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const edit = t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE trades SET stop_loss_pct = 10 WHERE id = ${trade.id}`);
      written();
      await held;
    });
    await wrote;
    await tickAgain();
    expect((await tradeRow(trade.id)).status).toBe('open');
    commit();
    await edit;
    // Committed now, at a NAV the last check already saw: the next tick closes it.
    await tickAgain();
    await expectClosedOnce(trade.id, 'stop_loss', '0.85', 'trade_stopped_out');
  });

  // A change of funds at another NAV that leaves the copy crossed at one the checker already saw.
  it.each([
    {
      // At 1.10, $2,000 more buys 1,818.18… units: at 0.92 the $4,000 are worth $3,512.72 (−12 %).
      change: 'funds added',
      stopLossPct: 10,
      checked: '0.92', // 2,000 units worth $1,840: an 8 % loss
      btc: '110000.00',
      path: 'add-funds',
      body: { amount: '2000' },
    },
    {
      // At 1.50 the profit goes out: the units left are worth the $2,000 put in, $1,866 at 1.40.
      change: 'profit claimed',
      stopLossPct: 5,
      checked: '1.40', // 2,000 units worth $2,800
      btc: '150000.00',
      path: 'claim',
      body: undefined,
    },
  ])('$change so that the stop is crossed at a NAV already checked closes it', async (one) => {
    await tickAt('100000.00');
    const { client, trade } = await silver.copier(`Funds ${one.path}`, FUNDED, {
      amount: '2000',
      stopLossPct: one.stopLossPct,
    });
    const offer = ownCloses(await strategyOf(trade.id));
    await offer(one.checked);
    expect((await tradeRow(trade.id)).status).toBe('open');
    await tickAt(one.btc);
    const changed = await client.post(`/api/trades/${trade.id}/${one.path}`, one.body);
    expect(changed.statusCode, changed.body).toBe(200);
    await offer(one.checked);
    await offer(one.checked);
    await expectClosedOnce(trade.id, 'stop_loss', one.checked, 'trade_stopped_out');
  });

  it('a copy opened above a NAV already checked, crossed at it, is closed', async () => {
    await tickAt('100000.00');
    const first = await silver.copier('Early Copier', FUNDED, { amount: '2000', stopLossPct: 40 });
    const offer = ownCloses(await strategyOf(first.trade.id));
    await offer('0.85');
    // Opened at 1.00 with a 10 % stop: crossed at 0.85, which the checker saw before it opened.
    const { trade } = await silver.copier('Late Copier', FUNDED, {
      amount: '2000',
      stopLossPct: 10,
    });
    await offer('0.85');
    await offer('0.85');
    await expectClosedOnce(trade.id, 'stop_loss', '0.85', 'trade_stopped_out');
    expect((await tradeRow(first.trade.id)).status).toBe('open');
  });
});
