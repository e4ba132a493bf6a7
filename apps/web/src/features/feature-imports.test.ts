// @vitest-environment node
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { depcruiseProbe, type Violation } from '@app/shared/test/depcruise-probe';

/**
 * Features may use one another, but never in a circle: a circle between features means neither
 * can be changed, tested or split off alone (STYLE.md). dependency-cruiser checks it
 * (`.dependency-cruiser.cjs`, rule `web-feature-order`, run by `npm run lint:deps`): the features
 * are listed lowest first and a feature imports only those below it. These probes cruise a small
 * tree with the real configuration and baseline: each planted import against the order (the two
 * halves of a circle through different files, a type-only import, a lazy import) is reported,
 * the clean imports beside them are not, and every real feature folder is in the list.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const features = join(root, 'apps/web/src/features');

const fixture: Record<string, string> = {
  // Clean: trading (higher) uses account and market (lower); a test may import anything.
  'apps/web/src/features/trading/components/Trades.tsx': `import { useBalance } from '../../account/hooks';\nimport { usePrices } from '../../market/api';\nexport const Trades = () => [useBalance(), usePrices()];\n`,
  'apps/web/src/features/account/hooks.ts': `export const useBalance = () => 1;\n`,
  'apps/web/src/features/market/api.ts': `export const usePrices = () => 2;\n`,
  'apps/web/src/features/account/hooks.test.ts': `import { Trades } from '../trading/components/Trades';\nexport const t = Trades;\n`,

  // A circle between two features through different files: dashboard -> trading is in order,
  // trading -> dashboard closes the circle (no file-level circle exists).
  'apps/web/src/features/dashboard/pages/Home.tsx': `import { Trades } from '../../trading/components/Trades';\nexport const Home = () => Trades();\n`,
  'apps/web/src/features/trading/hooks/useSummary.ts': `import { cardTitle } from '../../dashboard/components/titles';\nexport const useSummary = () => cardTitle;\n`,
  'apps/web/src/features/dashboard/components/titles.ts': `export const cardTitle = 'Summary';\n`,
  // A type-only import against the order (market below profile).
  'apps/web/src/features/market/types.ts': `import type { Profile } from '../profile/api';\nexport type P = Profile;\n`,
  'apps/web/src/features/profile/api.ts': `export type Profile = { id: number };\n`,
  // A lazy import against the order (public below admin).
  'apps/web/src/features/public/routes.ts': `export const load = () => import('../admin/pages/Users');\n`,
  'apps/web/src/features/admin/pages/Users.tsx': `export default function Users() { return null; }\n`,
};

/** [from, to] of every violation the fixture must produce. */
const expected: Array<[string, string]> = [
  ['features/trading/hooks/useSummary.ts', 'features/dashboard/components/titles.ts'],
  ['features/market/types.ts', 'features/profile/api.ts'],
  ['features/public/routes.ts', 'features/admin/pages/Users.tsx'],
];

const run = depcruiseProbe('feature-imports', fixture);

describe('imports between web features (npm run lint:deps) on a probe tree', () => {
  it('reports each import against the feature order, and nothing else', () => {
    const cruised = run('json');
    expect(cruised.status, cruised.stderr).toBe(0);
    const { summary } = JSON.parse(cruised.stdout) as { summary: { violations: Violation[] } };
    const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    const wanted = expected.map(
      ([from, to]) => `web-feature-order: apps/web/src/${from} -> apps/web/src/${to}`,
    );
    expect(found.sort()).toEqual(wanted.sort());
  }, 60_000);

  it('fails the command (its exit code counts the errors)', () => {
    expect(run('err').status).toBe(expected.length);
  }, 60_000);

  it('has every feature folder in the order', () => {
    const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as {
      forbidden: Array<{ name: string; from: { path?: string }; to: { path?: string } }>;
    };
    const ordered = config.forbidden
      .filter((rule) => rule.name === 'web-feature-order')
      .flatMap((rule) => [rule.from.path ?? '', rule.to.path ?? '']);
    const listed = (feature: string) =>
      ordered.some((path) => new RegExp(path).test(`apps/web/src/features/${feature}/x.ts`));
    const folders = readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((feature) => !listed(feature))).toEqual([]);
  });
});
