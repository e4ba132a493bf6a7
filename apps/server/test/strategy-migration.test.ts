import crypto from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { Dec, type InstrumentSymbol } from '../src/modules/market/domain';
import {
  redeemValueCents,
  strategyEquity,
  strategyNav,
  type Position,
} from '../src/modules/copy-trading/domain';
import { useDatabaseMigratedUpTo } from './migration-helpers';

/**
 * Migration 0015 turns pooled strategies (cash, quantities and units of the whole fund) into
 * portfolios per unit. Proven on a database in today's shape: migrated up to 0014, filled with
 * pooled strategies and open trades, then migrated to the end. Every open trade keeps its units
 * and its value (floor(units × NAV)), to the cent or one cent below when a NAV lands one step
 * (10^-10) lower; no trade gains.
 */

const PRICES = new Map<InstrumentSymbol, string>([
  ['BTCUSDT', '61234.56'],
  ['ETHUSDT', '2345.67'],
  ['SOLUSDT', '145.123'],
]);

let pool: pg.Pool;
useDatabaseMigratedUpTo('0014_market_seed.sql', (made) => (pool = made));

interface PooledStrategy {
  id: string;
  cash: string;
  units: string;
  positions: {
    symbol: InstrumentSymbol;
    side: 'long' | 'short';
    quantity: string;
    entry: string;
  }[];
}

/** Strategies as the pooled design left them: odd cash, 8-decimal quantities, long and short. */
function pooledStrategies(): PooledStrategy[] {
  const random = (min: number, max: number, decimals: number) =>
    new Dec(min)
      .plus(new Dec(crypto.randomInt(0, 2 ** 40)).div(2 ** 40).times(max - min))
      .toDecimalPlaces(decimals, Dec.ROUND_DOWN)
      .toFixed();
  const list: PooledStrategy[] = [];
  for (let i = 0; i < 12; i += 1) {
    list.push({
      id: crypto.randomUUID(),
      cash: random(0, 500_000, 14),
      units: random(100, 2_000_000, 8),
      positions: [
        { symbol: 'BTCUSDT', side: 'long', quantity: random(0.001, 20, 8), entry: '58000.5' },
        { symbol: 'ETHUSDT', side: 'short', quantity: random(0.01, 200, 8), entry: '2400.25' },
        ...(i % 2 === 0
          ? [
              {
                symbol: 'SOLUSDT' as const,
                side: 'long' as const,
                quantity: random(1, 900, 8),
                entry: '140',
              },
            ]
          : []),
      ],
    });
  }
  // A strategy nobody holds any more: its last NAV stays.
  list.push({ id: crypto.randomUUID(), cash: '0.0043', units: '0', positions: [] });
  return list;
}

function toPositions(strategy: PooledStrategy): Position[] {
  return strategy.positions.map((p) => ({
    symbol: p.symbol,
    side: p.side,
    quantity: new Dec(p.quantity),
    entryPrice: new Dec(p.entry),
  }));
}

/** Today's NAV rule: pool equity / units, 10 decimals rounded down; 1 with no units. */
function pooledNav(strategy: PooledStrategy): Dec {
  const units = new Dec(strategy.units);
  if (units.isZero()) return new Dec('1.2345');
  return strategyEquity(strategy.cash, toPositions(strategy), PRICES)
    .div(units)
    .toDecimalPlaces(10, Dec.ROUND_FLOOR);
}

describe('migration 0015: pooled strategies become portfolios per unit', () => {
  it('keeps every open trade’s units and value (never more, at most a cent less)', async () => {
    const strategies = pooledStrategies();
    const userId = crypto.randomUUID();
    const planId = crypto.randomUUID();
    await pool.query(
      `INSERT INTO users (id, email, name, phone, country, referral_id, password_hash)
       VALUES ($1, 'old@example.com', 'Old Shape', '+1 555', 'US', 'oldshape1', '$argon2id$x')`,
      [userId],
    );
    await pool.query(
      `INSERT INTO plans (id, title, min_cents, max_cents, term_days) VALUES ($1, 'Old', 100, 10000000, 30)`,
      [planId],
    );
    const trades: { id: string; strategy: PooledStrategy; units: string; before: bigint }[] = [];
    for (const strategy of strategies) {
      await pool.query(
        `INSERT INTO strategies (id, name, cash, units_outstanding, seed_units, nav)
         VALUES ($1, $2, $3, $4, 0, $5)`,
        [
          strategy.id,
          `S ${strategy.id.slice(0, 6)}`,
          strategy.cash,
          strategy.units,
          pooledNav(strategy).toFixed(),
        ],
      );
      for (const p of strategy.positions) {
        await pool.query(
          `INSERT INTO strategy_positions (strategy_id, symbol, side, quantity, entry_price)
           VALUES ($1, $2, $3, $4, $5)`,
          [strategy.id, p.symbol, p.side, p.quantity, p.entry],
        );
      }
      if (new Dec(strategy.units).isZero()) continue;
      // Open trades holding parts of the pool (one open trade per user: one user per trade).
      for (const share of ['0.5', '0.25', '0.00012345']) {
        const units = new Dec(strategy.units).times(share).toDecimalPlaces(8, Dec.ROUND_DOWN);
        const traderId = crypto.randomUUID();
        await pool.query(
          `INSERT INTO users (id, email, name, phone, country, referral_id, password_hash)
           VALUES ($1, $2, 'Holder', '+1 555', 'US', $3, '$argon2id$x')`,
          [traderId, `${traderId}@example.com`, traderId.slice(0, 12)],
        );
        const id = crypto.randomUUID();
        await pool.query(
          `INSERT INTO trades (id, user_id, plan_id, strategy_id, amount_cents, units, entry_nav,
             high_water_nav, performance_fee_pct, stop_loss_pct, opened_at, closes_at)
           VALUES ($1, $2, $3, $4, 100000, $5, 1, 1, 0, 40, now(), now() + interval '30 days')`,
          [id, traderId, planId, strategy.id, units.toFixed()],
        );
        trades.push({
          id,
          strategy,
          units: units.toFixed(),
          before: redeemValueCents(units, pooledNav(strategy)),
        });
      }
    }

    const applied = await migrate(pool);
    expect(applied).toContain('0015_strategy_per_unit.sql');

    const navs = new Map<string, Dec>();
    for (const strategy of strategies) {
      const row = (
        await pool.query<{ cash_per_unit: string }>(
          'SELECT cash_per_unit::text FROM strategies WHERE id = $1',
          [strategy.id],
        )
      ).rows[0];
      const positions = (
        await pool.query<{
          symbol: InstrumentSymbol;
          side: 'long' | 'short';
          q: string;
          e: string;
        }>(
          `SELECT symbol, side, quantity_per_unit::text AS q, entry_price::text AS e
           FROM strategy_positions WHERE strategy_id = $1`,
          [strategy.id],
        )
      ).rows;
      const nav = strategyNav(
        {
          cash: new Dec(row!.cash_per_unit),
          positions: positions.map((p) => ({
            symbol: p.symbol,
            side: p.side,
            quantity: new Dec(p.q),
            entryPrice: new Dec(p.e),
          })),
        },
        PRICES,
      );
      navs.set(strategy.id, nav);
      const before = pooledNav(strategy);
      // The same NAV, or one step below it (the division's rounding), never above.
      expect(nav.lte(before), strategy.id).toBe(true);
      expect(before.minus(nav).lte('0.0000000001'), strategy.id).toBe(true);
    }

    let unchanged = 0;
    for (const trade of trades) {
      const row = (
        await pool.query<{ units: string }>('SELECT units::text FROM trades WHERE id = $1', [
          trade.id,
        ])
      ).rows[0];
      expect(row?.units).toBe(trade.units);
      const after = redeemValueCents(trade.units, navs.get(trade.strategy.id)!);
      expect(after <= trade.before, trade.id).toBe(true);
      expect(trade.before - after <= 1n, trade.id).toBe(true);
      if (after === trade.before) unchanged += 1;
    }
    expect(trades.length).toBe(36);
    // Nearly every value is the same to the cent.
    expect(unchanged).toBeGreaterThanOrEqual(30);
  });
});
