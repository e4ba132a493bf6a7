import { describe, expect, it } from 'vitest';
import { depcruiseProbe, type Violation } from '@app/shared/test/depcruise-probe';

/**
 * Probes for the import boundaries of issue 40 (`.dependency-cruiser.cjs`, run by `npm run
 * lint:deps`): a small tree laid out like ours, with one new violation of each kind, is cruised
 * by the same dependency-cruiser command, configuration and known-violations baseline as the real
 * tree. Each violation must be reported, the command must fail, and the clean files beside them
 * must not be reported: the baseline tolerates today's violations, never a new one.
 */

const fixture: Record<string, string> = {
  // Clean: routes -> service -> own repo -> own tables; a pure domain; a service asking another
  // module's service.
  'apps/server/src/modules/plans/plans.routes.ts': `import { listPlans } from './plans.service';\nexport const r = listPlans;\n`,
  'apps/server/src/modules/plans/plans.service.ts': `import { selectPlans } from './plans.repo';\nimport { fee } from './domain/fees';\nexport const listPlans = () => [selectPlans(), fee(1)];\n`,
  'apps/server/src/modules/plans/plans.repo.ts': `import { plans } from './plans.schema';\nexport const selectPlans = () => plans;\n`,
  'apps/server/src/modules/plans/plans.schema.ts': `export const plans = 'plans';\n`,
  'apps/server/src/modules/plans/domain/fees.ts': `import Decimal from 'decimal.js';\nexport const fee = (n: number) => new Decimal(n).toNumber();\n`,
  'apps/server/src/modules/plans/index.ts': `export { listPlans } from './plans.service';\n`,
  'apps/server/src/modules/ledger/ledger.service.ts': `import { listPlans } from '../plans';\nexport const post = () => listPlans();\n`,
  'apps/server/src/db/schema.ts': `export * from '../modules/plans/plans.schema';\nexport { listPlans } from '../modules/plans/plans.service';\n`,
  'apps/server/src/modules/ledger/ledger.repo.ts': `import { ledger } from './ledger.schema';\nexport const entries = () => ledger;\n`,
  'apps/server/src/modules/ledger/ledger.schema.ts': `export const ledger = 'ledger';\n`,
  'apps/web/src/features/plans/PlansPage.tsx': `import { usePlans } from './hooks';\nexport const PlansPage = () => usePlans();\n`,
  'apps/web/src/features/plans/hooks.ts': `export const usePlans = () => 1;\n`,

  // A new circle between two services (value imports).
  'apps/server/src/modules/copies/copies.service.ts': `import { orders } from '../orders/orders.service';\nexport const copies = () => orders();\n`,
  'apps/server/src/modules/orders/orders.service.ts': `import { copies } from '../copies/copies.service';\nexport const orders = () => copies;\n`,
  // A circle closed by a type-only import.
  'apps/server/src/realtime/hub.ts': `import type { Ctx } from '../ctx';\nexport const hub = (c: Ctx) => c;\n`,
  'apps/server/src/ctx.ts': `import { hub } from './realtime/hub';\nexport type Ctx = { n: number };\nexport const h = hub;\n`,
  // A circle between two web features.
  'apps/web/src/features/faq/FaqDialog.tsx': `import { questions } from '../help/questions';\nexport const FaqDialog = () => questions;\n`,
  'apps/web/src/features/help/questions.ts': `import { FaqDialog } from '../faq/FaqDialog';\nexport const questions = [FaqDialog];\n`,
  // A service reaching another module's repo, once plainly and once with a .ts extension.
  'apps/server/src/modules/statements/statements.service.ts': `import { entries } from '../ledger/ledger.repo';\nexport const s = entries;\n`,
  'apps/server/src/modules/reports/reports.service.ts': `import { entries } from '../ledger/ledger.repo.ts';\nexport const r = entries;\n`,
  // A service importing another module's tables.
  'apps/server/src/modules/referrals/referrals.service.ts': `import { ledger } from '../ledger/ledger.schema';\nexport const a = ledger;\n`,
  // Code outside modules/ (a job) reaching a repo.
  'apps/server/src/jobs/nightly.ts': `import { selectPlans } from '../modules/plans/plans.repo';\nexport const n = selectPlans;\n`,
  // Layer direction: a route calling its repo, a repo calling a service, a service importing routes.
  'apps/server/src/modules/fees/fees.routes.ts': `import { feeRows } from './fees.repo';\nexport const r = feeRows;\n`,
  'apps/server/src/modules/fees/fees.repo.ts': `import { listPlans } from '../plans/plans.service';\nexport const feeRows = () => listPlans();\n`,
  'apps/server/src/modules/fees/fees.service.ts': `import { r } from './fees.routes';\nexport const s = r;\n`,
  // Reaching past another module's face: from a module, and from the app's wiring.
  'apps/server/src/modules/alerts/alerts.service.ts': `import { listPlans } from '../plans/plans.service';\nexport const a = listPlans;\n`,
  'apps/server/src/app.ts': `import { listPlans } from './modules/plans/plans.service';\nexport const app = listPlans;\n`,
  // The kernel leaning on a module (even its face), and db/schema.ts taking more than tables.
  'apps/server/src/http/guard.ts': `import { listPlans } from '../modules/plans';\nexport const g = listPlans;\n`,
  // An impure domain: a database driver, the file system, the app's database client.
  'apps/server/src/modules/fees/domain/hwm.ts': `import pg from 'pg';\nimport { readFileSync } from 'node:fs';\nimport { db } from '../../../db/client';\nexport const hwm = [pg, readFileSync, db];\n`,
  'apps/server/src/db/client.ts': `export const db = 'db';\n`,
};

/**
 * [rule, from, to] of every violation the fixture must produce. dependency-cruiser reports a circle
 * once, from whichever of its files it meets first: for a circle, either direction matches.
 */
const expected: Array<[string, string, string]> = [
  ['no-circular', 'modules/copies/copies.service.ts', 'modules/orders/orders.service.ts'],
  ['no-circular', 'realtime/hub.ts', 'ctx.ts'],
  ['web-no-circular', 'features/faq/FaqDialog.tsx', 'features/help/questions.ts'],
  [
    'repo-only-from-own-module',
    'modules/statements/statements.service.ts',
    'modules/ledger/ledger.repo.ts',
  ],
  [
    'repo-only-from-own-module',
    'modules/reports/reports.service.ts',
    'modules/ledger/ledger.repo.ts',
  ],
  [
    'tables-only-from-own-module',
    'modules/referrals/referrals.service.ts',
    'modules/ledger/ledger.schema.ts',
  ],
  ['repo-only-from-modules', 'jobs/nightly.ts', 'modules/plans/plans.repo.ts'],
  ['routes-not-to-repo', 'modules/fees/fees.routes.ts', 'modules/fees/fees.repo.ts'],
  ['repo-not-up', 'modules/fees/fees.repo.ts', 'modules/plans/plans.service.ts'],
  ['service-not-to-routes', 'modules/fees/fees.service.ts', 'modules/fees/fees.routes.ts'],
  ['domain-pure-no-io-packages', 'modules/fees/domain/hwm.ts', 'node_modules/pg/'],
  ['domain-pure-no-io-packages', 'modules/fees/domain/hwm.ts', 'fs'],
  ['domain-pure-no-io-code', 'modules/fees/domain/hwm.ts', 'db/client.ts'],
  // Faces: every import into another module's inner files, whatever else it breaks.
  ['module-face-only', 'modules/alerts/alerts.service.ts', 'modules/plans/plans.service.ts'],
  ['module-face-only', 'modules/copies/copies.service.ts', 'modules/orders/orders.service.ts'],
  ['module-face-only', 'modules/orders/orders.service.ts', 'modules/copies/copies.service.ts'],
  ['module-face-only', 'modules/fees/fees.repo.ts', 'modules/plans/plans.service.ts'],
  ['module-face-only', 'modules/referrals/referrals.service.ts', 'modules/ledger/ledger.schema.ts'],
  ['module-face-only', 'modules/reports/reports.service.ts', 'modules/ledger/ledger.repo.ts'],
  ['module-face-only', 'modules/statements/statements.service.ts', 'modules/ledger/ledger.repo.ts'],
  ['module-face-only-from-outside', 'app.ts', 'modules/plans/plans.service.ts'],
  ['module-face-only-from-outside', 'jobs/nightly.ts', 'modules/plans/plans.repo.ts'],
  ['kernel-imports-no-module', 'http/guard.ts', 'modules/plans/index.ts'],
  ['kernel-imports-no-module', 'jobs/nightly.ts', 'modules/plans/plans.repo.ts'],
  ['schema-gathers-tables-only', 'db/schema.ts', 'modules/plans/plans.service.ts'],
];

const run = depcruiseProbe('dependency-rules', fixture);

describe('the import boundaries (npm run lint:deps) on a probe tree', () => {
  it('reports every new violation, whatever the baseline tolerates, and nothing in the clean files', () => {
    const cruised = run('json');
    expect(cruised.status, cruised.stderr).toBe(0);
    const { summary } = JSON.parse(cruised.stdout) as { summary: { violations: Violation[] } };
    const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

    for (const [rule, from, to] of expected) {
      const matches = (v: Violation, a: string, b: string) =>
        v.from.endsWith(`/${a}`) &&
        (v.to === b || v.to.endsWith(`/${b}`) || (b.endsWith('/') && v.to.includes(`/${b}`)));
      const hit = summary.violations.find(
        (v) =>
          v.rule.name === rule &&
          (matches(v, from, to) || (rule.endsWith('circular') && matches(v, to, from))),
      );
      expect(hit, `${rule}: ${from} -> ${to} in\n${found.join('\n')}`).toBeDefined();
    }
    expect(found).toHaveLength(expected.length);
  });

  it('fails the command (its exit code counts the errors)', () => {
    const checked = run('err');
    expect(checked.status).toBe(expected.length);
  });
});
