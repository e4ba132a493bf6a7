import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

/** The repository's root folder (this file is packages/shared/src/test/). */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** One violation as dependency-cruiser's JSON output reports it. */
export type Violation = { rule: { name: string }; from: string; to: string };

/**
 * A probe tree for the import boundaries (`npm run lint:deps`): the `fixture` files (path → text)
 * are written to a fresh folder before the file's tests, with a package.json, a tsconfig and the
 * repository's node_modules, and removed after them. The returned `run` cruises the probe's `apps`
 * with the real `.dependency-cruiser.cjs` and known-violations baseline, in `outputType`.
 */
export function depcruiseProbe(name: string, fixture: Record<string, string>) {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `${name}-`));
    for (const [file, text] of Object.entries(fixture)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.base.json'),
      JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
    );
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return (outputType: string) =>
    spawnSync(
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
      { cwd: dir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
}
