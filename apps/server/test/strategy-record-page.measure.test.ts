import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminClient, TestClient } from './harness';
import { createScriptedTradingApp, silverAllInBtc } from './copy-trading-helpers';

/**
 * A focused measurement (issue 43, not a test: `PAGE_MEASURE=1` runs it): what one GET …/record
 * of a strategy with a year of hourly NAV costs the process — its CPU (the database's is another
 * process's) and its wall time, medians of 41 requests after 5 to warm up.
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

describe.skipIf(!process.env.PAGE_MEASURE)("a strategy's page over a year of hourly NAV", () => {
  it('measures', async () => {
    const t = await createScriptedTradingApp();
    try {
      const admin = await adminClient(t);
      const { silver } = await silverAllInBtc(t, admin, 20);
      const id = (
        await t.db.execute<{ id: string }>(
          sql`SELECT strategy_id::text AS id FROM plans WHERE id = ${silver.id}`,
        )
      ).rows[0]!.id;
      // A year of hourly NAV before the scripted history, rising and falling within days.
      await t.db.execute(sql`INSERT INTO nav_snapshots (strategy_id, at, nav)
        SELECT ${id}, f.first - h * interval '1 hour', 1 + (h % 97) / 1000.0 + (h % 701) / 3000.0
        FROM (SELECT min(at) AS first FROM nav_snapshots WHERE strategy_id = ${id}) f
        CROSS JOIN generate_series(1, 8760) h`);
      const client = new TestClient(t.app);
      const cpu: number[] = [];
      const wall: number[] = [];
      for (let i = 0; i < 46; i += 1) {
        const started = performance.now();
        const used = process.cpuUsage();
        const reply = await client.get(`/api/strategies/${id}/record`);
        const spent = process.cpuUsage(used);
        expect(reply.statusCode).toBe(200);
        if (i < 5) continue;
        cpu.push((spent.user + spent.system) / 1000);
        wall.push(performance.now() - started);
      }
      const round = (ms: number) => Math.round(ms * 10) / 10;
      console.log(JSON.stringify({ cpuMs: round(median(cpu)), wallMs: round(median(wall)) }));
    } finally {
      await t.close();
    }
  }, 600_000);
});
