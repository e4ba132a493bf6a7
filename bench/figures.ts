import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './lib/server';

/** When the run started: the log's clock and the wall time of the report. */
const started = Date.now();

export const log = (line: string) =>
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

const results: [string, string][] = [];
const table: [string, string, string][] = [];

/** One figure of the run: logged now, printed in the table and the `name = value` lines at the end. */
export function record(name: string, value: string, note = '') {
  results.push([name, value]);
  table.push([name, value, note]);
  log(`${name} = ${value} ${note}`);
}

/**
 * Prints the table and the `name = value` lines; a run of every phase also appends them to
 * bench/RESULTS.md with the machine they were measured on.
 */
export function report(mode: 'quick' | 'full', appendToResults: boolean): void {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const wall = ((Date.now() - started) / 1000).toFixed(0);
  const width = Math.max(...table.map(([n]) => n.length));
  process.stdout.write(`\nNestrado bench (${mode}), ${wall} s, load average ${load}\n`);
  for (const [name, value, note] of table)
    process.stdout.write(`  ${name.padEnd(width)}  ${value.padStart(16)}  ${note}\n`);
  process.stdout.write('\n');
  for (const [name, value] of results) process.stdout.write(`${name} = ${value}\n`);

  if (appendToResults) {
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const section = [
      `\n## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${mode} run`,
      '',
      `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.type()} ${os.release()}, Node ${process.version}; wall ${wall} s; load average at the end ${load} (shared machine).`,
      '',
      '```',
      ...results.map(([n, v]) => `${n} = ${v}`),
      '```',
      '',
    ].join('\n');
    fs.appendFileSync(path.join(REPO_ROOT, 'bench', 'RESULTS.md'), section);
  }
}
