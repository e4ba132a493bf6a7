import { DAY_MS } from '../src/modules/market/domain';
import { drawdowns, riskFigures, strategyMetrics } from '../src/modules/copy-trading/domain';
import { navSeries } from '../src/modules/copy-trading/strategies/record.repo';
import type { DbOrTx } from '../src/db/client';

/**
 * A strategy's history figures at `now` as the domain functions state them over its whole
 * history (what strategy_figures must hold once the job stated them at `now`): the card's 30 days
 * from its hourly NAV over 31 days and its latest NAV, the record's from every hourly NAV. With
 * that hourly series, for figures a test checks beside them.
 */
export async function historyFiguresOf(
  db: DbOrTx,
  id: string,
  now: number,
  latest: { nav: string; navAt: number | null },
) {
  const points = (rows: { at: Date; nav: string }[]) =>
    rows.map((p) => ({ at: p.at.getTime(), nav: p.nav }));
  const hourly = points(await navSeries(db, id, 0, 'hour'));
  const recent = points(await navSeries(db, id, now - 31 * DAY_MS, 'hour'));
  if (latest.navAt !== null && latest.navAt <= now)
    recent.push({ at: latest.navAt, nav: latest.nav });
  const metrics = strategyMetrics(recent, now);
  return {
    hourly,
    figures: {
      avgDailyReturnPct: metrics.avgDailyReturnPct,
      maxDrawdownPct: metrics.maxDrawdownPct,
      losingDays: metrics.losingDays,
      recordMaxDrawdownPct: drawdowns(hourly, now).maxDrawdownPct,
      riskScore: riskFigures(hourly, now).riskScore,
      startedAt: hourly[0] ? new Date(hourly[0].at) : null,
    },
  };
}
