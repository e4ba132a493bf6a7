import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruiseTree, moduleCircles, moduleGraph, serverNodeOf } from './structure';

/**
 * The server's modules lean on one another in one direction only (docs/architecture.md): the
 * import graph folded to modules — each `modules/<name>/` one node, the kernel (config, logging,
 * context, caches, db/, http/, jobs/, lib/) one node, the wiring files their own — has no circle.
 * A file-level check alone would let two modules lean on each other through different files.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

describe('the server module graph', () => {
  it('folds files to their module, the kernel or a wiring piece (tests aside)', () => {
    expect(serverNodeOf('apps/server/src/modules/ledger/domain/entry.ts')).toBe('modules/ledger');
    expect(serverNodeOf('apps/server/src/db/performance/pipelining.ts')).toBe('kernel');
    expect(serverNodeOf('apps/server/src/context.ts')).toBe('kernel');
    expect(serverNodeOf('apps/server/src/realtime/route.ts')).toBe('realtime');
    expect(serverNodeOf('apps/server/src/app.ts')).toBe('app');
    expect(serverNodeOf('apps/server/src/modules/ledger/ledger.test.ts')).toBeUndefined();
    expect(serverNodeOf('apps/web/src/main.tsx')).toBeUndefined();
  });

  it('finds a circle between two modules through different files', () => {
    const graph = moduleGraph({
      modules: [
        {
          source: 'apps/server/src/modules/a/a.service.ts',
          dependencies: [{ resolved: 'apps/server/src/modules/b/index.ts' }],
        },
        {
          source: 'apps/server/src/modules/b/b.routes.ts',
          dependencies: [{ resolved: 'apps/server/src/modules/a/a.repo.ts' }],
        },
        { source: 'apps/server/src/modules/b/index.ts', dependencies: [] },
        { source: 'apps/server/src/modules/a/a.repo.ts', dependencies: [] },
      ],
    } as never);
    expect(moduleCircles(graph)).toHaveLength(1);
  });

  it('has no circle between the modules of the tree (type-only imports count)', async () => {
    const circles = moduleCircles(moduleGraph(await cruiseTree(root, ['apps/server/src'])));
    expect(circles).toEqual([]);
  }, 60_000);
});
