import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** A rule an import breaks, as dependency-cruiser's JSON output reports it. */
export interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** `rule: from -> to`, to compare and to print. */
export function describeViolation(violation: Violation): string {
  return `${violation.rule.name}: ${violation.from} -> ${violation.to}`;
}

/**
 * A probe tree for the import boundaries of issue 40 (`.dependency-cruiser.cjs`, run by `npm run
 * lint:deps`): small files laid out like ours (paths from the repository root), in a temporary
 * folder with the repository's node_modules linked in, cruised by the same dependency-cruiser
 * command, configuration and known-violations baseline as the real tree. The tests that use it
 * (apps/server/src/dependency-rules.test.ts, apps/web/src/features/feature-imports.test.ts) plant
 * violations beside clean files and check that exactly the planted ones are reported.
 */
export class DepcruiseProbe {
  private constructor(readonly dir: string) {}

  static create(name: string, files: Record<string, string>): DepcruiseProbe {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.base.json'),
      JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
    );
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return new DepcruiseProbe(dir);
  }

  /** Cruises the tree's `apps`; with `err` output the command's status counts the errors. */
  run(outputType: 'json' | 'err'): SpawnSyncReturns<string> {
    return spawnSync(
      process.execPath,
      [
        depcruise,
        '--config',
        join(root, '.dependency-cruiser.cjs'),
        '--ignore-known',
        join(root, '.dependency-cruiser-known-violations.json'),
        '--output-type',
        outputType,
        'apps',
      ],
      { cwd: this.dir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
  }

  /** Every violation the cruise reports (the command itself must succeed). */
  violations(): Violation[] {
    const cruised = this.run('json');
    if (cruised.status !== 0) throw new Error(`dependency-cruiser failed: ${cruised.stderr}`);
    const { summary } = JSON.parse(cruised.stdout) as { summary: { violations: Violation[] } };
    return summary.violations;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A probe tree made before a test file's tests and removed after them: `probe()` is it. */
export function setUpDepcruiseProbe(
  name: string,
  files: Record<string, string>,
): () => DepcruiseProbe {
  let probe: DepcruiseProbe | undefined;
  beforeAll(() => {
    probe = DepcruiseProbe.create(name, files);
  });
  afterAll(() => probe?.remove());
  return () => {
    if (!probe) throw new Error('the probe tree is made before the tests run');
    return probe;
  };
}
