/**
 * Strategies for the NAV tick's tests (tick-scale, nav-points-spread): `count` of them named
 * `<prefix> n`, the first `withPositions` holding BTC, ETH and SOL (long and short), the rest all
 * cash; and prices that move a little with each tick number.
 */
import { sql } from 'drizzle-orm';
import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import type { InstrumentSymbol } from '../src/modules/market/domain';
import type { TestApp } from './harness';

export async function insertTickStrategies(
  t: TestApp,
  shape: { prefix: string; count: number; withPositions: number },
): Promise<void> {
  await t.db.execute(sql`
    INSERT INTO strategies (name, cash_per_unit, nav, nav_at)
    SELECT ${shape.prefix} || ' ' || n, CASE WHEN n <= ${shape.withPositions} THEN 0.25 ELSE 1 END,
      1, now()
    FROM generate_series(1, ${shape.count}::int) AS n`);
  await t.db.execute(sql`
    INSERT INTO strategy_positions (strategy_id, symbol, side, quantity_per_unit, entry_price)
    SELECT s.id, sym.symbol, CASE WHEN sym.i % 2 = 0 THEN 'long' ELSE 'short' END,
      0.00001 * sym.i, 50000 / sym.i
    FROM (SELECT id FROM strategies
          WHERE name LIKE ${shape.prefix} || ' %' AND cash_per_unit = 0.25) s
    CROSS JOIN (VALUES ('BTCUSDT', 1), ('ETHUSDT', 2), ('SOLUSDT', 3)) AS sym(symbol, i)`);
}

/** Every instrument's price at tick `n`: a cent more each tick. */
export function pricesAt(n: number): Map<InstrumentSymbol, string> {
  return new Map(
    MARKET_SYMBOLS.map((symbol, i) => [symbol, (1000 * (i + 1) + n * 0.01).toFixed(2)] as const),
  );
}
