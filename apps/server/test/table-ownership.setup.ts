import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { tableOwnershipRecorder } from './table-ownership.recorder';

/**
 * Runs around every server test file (vitest.config.ts): no statement the file made the server
 * execute may write a table outside its owner (table-ownership.recorder.ts). Reads of another
 * module's tables are allowed for now, but only those in KNOWN_READS (once it exists: a list that
 * may only shrink); `TABLE_READS_RECORD=1` appends the reads seen to it instead of checking.
 */
const KNOWN_READS = path.join(import.meta.dirname, 'table-reads.known.txt');

const recorder = tableOwnershipRecorder();

beforeAll(() => {
  recorder.reset();
});

afterAll(() => {
  expect(recorder.violations(), "writes to another module's tables").toEqual([]);
  const reads = [...recorder.crossReads()].sort();
  if (process.env.TABLE_READS_RECORD === '1') {
    if (reads.length > 0) fs.appendFileSync(KNOWN_READS, `${reads.join('\n')}\n`);
    return;
  }
  if (!fs.existsSync(KNOWN_READS)) return;
  const known = new Set(fs.readFileSync(KNOWN_READS, 'utf8').split('\n'));
  expect(
    reads.filter((read) => !known.has(read)),
    `reads of another module's tables not in ${path.basename(KNOWN_READS)}`,
  ).toEqual([]);
});
