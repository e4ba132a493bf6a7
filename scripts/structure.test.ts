import type { ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { circlesOf, functionLengths, isTest, readDuplicates } from './structure';

/** A cruise result holding only what circlesOf reads: each file and where its imports resolve. */
function graph(edges: Record<string, string[]>): ICruiseResult {
  const modules = Object.entries(edges).map(([source, targets]) => ({
    source,
    coreModule: false,
    couldNotResolve: false,
    dependencies: targets.map((resolved) => ({
      resolved,
      coreModule: resolved === 'node:fs',
      couldNotResolve: false,
    })),
  }));
  return { modules, summary: {} } as unknown as ICruiseResult;
}

describe('import circles', () => {
  it('counts one circle per strongly connected component, with its files', () => {
    const circles = circlesOf(
      graph({
        // one circle of three files, a branch leaving it and a package import
        'apps/server/src/context.ts': [
          'apps/server/src/realtime/realtime.ts',
          'node_modules/pg/index.js',
        ],
        'apps/server/src/realtime/realtime.ts': ['apps/server/src/modules/auth/session.ts'],
        'apps/server/src/modules/auth/session.ts': [
          'apps/server/src/context.ts',
          'apps/server/src/logging.ts',
        ],
        'apps/server/src/logging.ts': ['node:fs'],
        // a second one in the web app
        'apps/web/src/features/admin/api.ts': ['apps/web/src/features/admin/keys.ts'],
        'apps/web/src/features/admin/keys.ts': ['apps/web/src/features/admin/api.ts'],
        // a chain is no circle
        'packages/shared/src/a.ts': ['packages/shared/src/b.ts'],
        'packages/shared/src/b.ts': [],
        'node_modules/pg/index.js': [],
      }),
    );
    expect(circles).toEqual([
      {
        area: 'server',
        files: [
          'apps/server/src/context.ts',
          'apps/server/src/modules/auth/session.ts',
          'apps/server/src/realtime/realtime.ts',
        ],
      },
      {
        area: 'web',
        files: ['apps/web/src/features/admin/api.ts', 'apps/web/src/features/admin/keys.ts'],
      },
    ]);
  });

  it('counts a file that imports itself', () => {
    expect(circlesOf(graph({ 'scripts/x.ts': ['scripts/x.ts'] }))).toEqual([
      { area: 'other', files: ['scripts/x.ts'] },
    ]);
  });
});

describe('function lengths', () => {
  const body = (n: number) =>
    Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const text = [
    `export function declared() {\n${body(3)}\n}`, // lines 1-5
    `export const arrow = () => {\n${body(1)}\n};`, // lines 6-8
    `class Repo {\n  find() {\n${body(2)}\n  }\n}`, // lines 9-14, find 10-13
    `app.get('/health', async () => {\n${body(1)}\n});`, // lines 15-17
    `export const Page = memo(function () {\n  return 1;\n});`, // lines 18-20
  ].join('\n');

  it('names each function and counts its first to last line', () => {
    expect(functionLengths('x.tsx', text).map((f) => [f.name, f.line, f.lines])).toEqual([
      ['declared', 1, 5],
      ['arrow', 6, 3],
      ['find', 10, 4],
      ['app.get(/health) callback', 15, 3],
      ['Page', 18, 3],
    ]);
  });
});

describe('test files', () => {
  it('are left out of the product figures', () => {
    expect(
      [
        'apps/web/src/features/x/X.test.tsx',
        'apps/server/test/harness.ts',
        'e2e/journey.spec.ts',
        'apps/web/src/test/setup.ts',
        'apps/server/src/app.ts',
        'bench/bench.ts',
      ].map(isTest),
    ).toEqual([true, true, true, true, false, false]);
  });
});

describe('duplicates', () => {
  it("reads the pair count from the report's first line", () => {
    const report =
      '772 pairs of places (920 files read), each sharing runs of 6 or more identical or same-shape lines (623 by shape alone, 536 of those marked boilerplate)';
    expect(readDuplicates(`${report}\nD1 a.ts:1-9 ~ b.ts:3-11\n`)).toEqual({
      pairs: 772,
      boilerplate: 536,
      line: report,
    });
    expect(readDuplicates('1,204 pairs of places\nincomplete: 3 files not read\n')).toEqual({
      pairs: 1204,
      boilerplate: 0,
      line: '1,204 pairs of places',
      incomplete: 'incomplete: 3 files not read',
    });
    expect(readDuplicates('no duplicates (12 files read)\n')).toMatchObject({ pairs: 0 });
    expect(readDuplicates('usage: duplicates ...\n')).toHaveProperty('skipped');
  });
});
