import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` on a fresh machine with the oldest Node the project supports prints no warning and
 * runs no script nobody decided on (issue 39, first run): every installed package declares that
 * Node, and every install script is either allowed or denied in package.json's `allowScripts`.
 */
type LockEntry = {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  link?: boolean;
  os?: string[];
  cpu?: string[];
};

const root = new URL('../../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The package name of a lock path such as node_modules/a/node_modules/@b/c. */
function nameOf(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** What npm installs on this machine: platform packages for other systems are skipped. */
const installed = Object.entries(lock.packages).filter(
  ([lockPath, entry]) =>
    lockPath.includes('node_modules/') &&
    !entry.link &&
    (entry.os?.includes(process.platform) ?? true) &&
    (entry.cpu?.includes(process.arch) ?? true),
);

describe('what npm install brings onto the oldest supported Node', () => {
  const oldestNode = semver.minVersion(manifest.engines.node)!.version;

  it('installs only packages that declare that Node', () => {
    const refusing = installed
      .filter(([, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted !== undefined && !semver.satisfies(oldestNode, wanted);
      })
      .map(
        ([lockPath, entry]) =>
          `${nameOf(lockPath)}@${entry.version} wants Node ${JSON.stringify(entry.engines)}`,
      );
    expect(refusing).toEqual([]);
  });

  it('has a decision in allowScripts for every install script', () => {
    const undecided = installed
      .filter(
        ([lockPath, entry]) =>
          entry.hasInstallScript && !(nameOf(lockPath) in manifest.allowScripts),
      )
      .map(([lockPath]) => nameOf(lockPath));
    expect(undecided).toEqual([]);
  });
});
