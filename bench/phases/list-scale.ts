import { fmt, log, record } from '../figures';
import { ApiClient } from '../lib/http';
import { fillTransactions, measurePages } from '../lib/listscale';
import { seedUsers } from '../lib/seed';
import { CFG, quick } from '../options';
import type { Databases, Site } from '../run';

/** The transaction lists' pages (the user's and the admin's) with 10,000 rows and with many more. */
export async function listScalePhase(
  { dbUrl }: Databases,
  { base, agent, admin }: Site,
): Promise<void> {
  const [measured] = await seedUsers(dbUrl, 'list', 1);
  const others = (await seedUsers(dbUrl, 'listo', 999)).map((u) => u.id);
  const user = new ApiClient(base, measured!.sid, agent);
  // Enough rounds that a p95 is not one stray pause (GC, the market tick) of a few dozen samples.
  const deadline = quick ? 30_000 : 120_000;
  const smallRows = await fillTransactions(dbUrl, measured!.id, others, 10_000, log, 2_500);
  await measurePages(user, admin, 5, deadline); // warm-up
  const small = await measurePages(user, admin, CFG.listRounds, deadline);
  log(`  ${smallRows} rows: ${JSON.stringify(small)}`);
  const big = await fillTransactions(dbUrl, measured!.id, others, CFG.listBig, log);
  await measurePages(user, admin, 5, deadline);
  const large = await measurePages(user, admin, CFG.listRounds, deadline);
  log(`  ${big} rows: ${JSON.stringify(large)}`);
  const keys = ['userFirst', 'userDeep', 'adminFirst', 'adminDeep'] as const;
  for (const key of keys) {
    record(`list-scale/${key}-p95-ms`, `${fmt(small[key], 1)} -> ${fmt(large[key], 1)}`);
  }
  const ratios = keys.map((k) => large[k] / small[k]).filter((r) => Number.isFinite(r));
  const ratio = ratios.length === keys.length ? Math.max(...ratios) : NaN;
  record(
    'list-scale',
    fmt(ratio, 2),
    `(worst p95 ratio, ${smallRows} vs ${big} rows; target <= 1.5)`,
  );
}
