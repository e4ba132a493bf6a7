import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Deletes the files of `dir` that are `ours` (by their name), that nothing points at
 * (`referenced`) and that were last changed `graceMs` or more before `now`; returns their names.
 * A younger file is kept: its upload may still be on its way to the database.
 */
export async function sweepOrphanFiles(
  dir: string,
  options: {
    ours: (name: string) => boolean;
    referenced: ReadonlySet<string>;
    now: Date;
    graceMs: number;
  },
): Promise<string[]> {
  const { ours, referenced, now, graceMs } = options;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!ours(name) || referenced.has(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || now.getTime() - stat.mtimeMs < graceMs) continue;
    await fs.rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}
