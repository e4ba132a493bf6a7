import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import { sqlTables } from '../src/db/sql-tables';
import { STATEMENT_CHANNEL, type StatementMessage } from '../src/db/statement-channel';

/**
 * Table ownership checked on what the server actually asks of the database (docs/architecture.md,
 * "Table ownership"). Every statement and every Drizzle query built is published on a diagnostics
 * channel in its caller's stack (db/statement-channel.ts); this recorder finds the tables it
 * writes and reads (db/sql-tables.ts) and the module that issued it: the innermost stack frame in
 * apps/server/src/modules/<module>/. A write to a table another module owns is a violation.
 *
 * A table's owner is the module whose *.schema.ts declares it; tables still declared in
 * db/schema.ts or only in a migration are named in LEGACY_OWNERS. Allowed besides the owner:
 * the migrations, the seed and the tests themselves.
 */

const SERVER = path.resolve(import.meta.dirname, '..');
const SRC = path.join(SERVER, 'src');
const MODULES = path.join(SRC, 'modules');

/** Owners of the tables no module's *.schema.ts declares yet (db/schema.ts, migrations). */
export const LEGACY_OWNERS: Readonly<Record<string, string>> = {
  // session: the accounts and their sessions (request identity); auth: the sign-in secrets
  users: 'session',
  sessions: 'session',
  auth_tokens: 'auth',
  recovery_codes: 'auth',
  link_requests: 'auth',
  audit_log: 'audit',
  mail_outbox: 'mail',
  contact_messages: 'contact',
  settings: 'settings',
  plans: 'plans',
  payment_methods: 'payment-methods',
  transactions: 'transactions',
  // the queue of pending transactions is kept by a trigger on transactions (0023)
  pending_transactions: 'transactions',
  ledger_user_totals: 'ledger',
  candles: 'market',
  market_prices: 'market',
  market_secret: 'market',
  rate_limit_buckets: '(http)',
  schema_migrations: '(db)',
};

/**
 * Tables declared in another module's *.schema.ts than the module that owns them (today's
 * ownership, which the text check enforced): their declarations should move to the owner.
 */
const DECLARED_AWAY_FROM_OWNER: Readonly<Record<string, string>> = {
  candles: 'market', // declared in copy-trading.schema.ts
  market_prices: 'market', // declared in copy-trading.schema.ts
  payment_methods: 'payment-methods', // declared in ledger.schema.ts
  transactions: 'transactions', // declared in ledger.schema.ts
};

/** SQL functions that write tables, by the module owning what they write. */
const WRITING_FUNCTIONS: Readonly<Record<string, { owner: string; table: string }>> = {
  ledger_post_entry: { owner: 'ledger', table: 'postings' },
  ledger_post_entries: { owner: 'ledger', table: 'postings' },
  insert_credit_transactions: { owner: 'transactions', table: 'transactions' },
  insert_due_alerts: { owner: 'notifications', table: 'notifications' },
  // It writes the other modules' tables through their functions above (migration 0083).
  close_due_copies: { owner: 'copy-trading', table: 'trades' },
};

/**
 * Writes outside their owner that the tree made when this check came in, by issuer, table and
 * file: to be removed (then taken off this list), never added to.
 */
const KNOWN_WRITES = new Set([
  // One statement: the link token and the mail module's INSERT (mail.service's mailInsertStatement).
  'auth writes mail_outbox from src/modules/auth/auth.repo.ts',
]);

/** Issuers that may write any table. */
const ALLOWED_ANYWHERE = new Set(['(migrations)', '(seed)', '(test)']);

function filesUnder(dir: string, suffix: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

/** Every table and its owner; `unowned`: tables a migration creates that nobody owns. */
export function tableOwners(): { owners: Map<string, string>; unowned: string[] } {
  const owners = new Map<string, string>(Object.entries(LEGACY_OWNERS));
  for (const file of filesUnder(MODULES, '.schema.ts')) {
    const module = path.relative(MODULES, file).split(path.sep)[0] ?? '';
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) if (m[1]) owners.set(m[1], module);
  }
  for (const [table, owner] of Object.entries(DECLARED_AWAY_FROM_OWNER)) owners.set(table, owner);
  const created = new Set<string>();
  for (const file of filesUnder(path.join(SRC, 'db', 'migrations'), '.sql')) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi)) {
      if (m[1]) created.add(m[1].toLowerCase());
    }
  }
  return { owners, unowned: [...created].filter((table) => !owners.has(table)).sort() };
}

/** A stack frame: its file and line. */
export interface Frame {
  file: string | null;
  line: number | null;
}

/**
 * Who issued a statement, from its stack (innermost frame first): a module's name, or `(name)`
 * for the migrations, the seed, the tests and the kernel's folders (`(http)`); undefined when no
 * frame of ours asked (the statements Drizzle sends after building them, published again from
 * its own frames).
 */
export function issuerOf(frames: readonly Frame[]): { issuer: string; site: string } | undefined {
  for (const frame of frames) {
    const file = frame.file?.replace('file://', '');
    if (!file || file.includes('/node_modules/')) continue;
    const relative = path.relative(SERVER, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const site = `${relative}:${frame.line ?? '?'}`;
    const [top, folder, name] = relative.split(path.sep);
    if (top === 'test') {
      if (folder === 'table-ownership.recorder.ts') continue;
      return { issuer: '(test)', site };
    }
    if (top !== 'src') continue;
    if (folder === 'modules' && name) return { issuer: name, site };
    if (folder === 'db') {
      if (name === 'migrate.ts') return { issuer: '(migrations)', site };
      continue; // the pool, the channel, the performance machinery
    }
    if (folder === 'seed') return { issuer: '(seed)', site };
    return { issuer: `(${(folder ?? '').replace(/\.ts$/, '')})`, site };
  }
  return undefined;
}

/**
 * The caller's frames as V8's call sites: no stack text is formatted or source-mapped (formatting
 * each stack through vitest's source maps made ledger and trades tests ~20 % slower in one run;
 * call sites cost ~0.2 ms a statement, ~2-4 % of those files' time), so line numbers are those
 * of the transformed file.
 */
function callerFrames(): Frame[] {
  const limit = Error.stackTraceLimit;
  const prepare: unknown = Reflect.get(Error, 'prepareStackTrace');
  Error.stackTraceLimit = 40;
  Error.prepareStackTrace = (_error, sites) => sites;
  const holder: { stack?: unknown } = {};
  Error.captureStackTrace(holder);
  const sites = holder.stack as NodeJS.CallSite[];
  Error.stackTraceLimit = limit;
  Reflect.set(Error, 'prepareStackTrace', prepare);
  return sites.map((site) => ({ file: site.getFileName() ?? null, line: site.getLineNumber() }));
}

export interface Recorder {
  /** Writes outside their owner, since the last `reset`. */
  violations: () => string[];
  /** `module reads table` for reads of another module's table, since the last `reset`. */
  crossReads: () => Set<string>;
  reset: () => void;
  /** The violations `work` causes, kept apart from `violations()` (the probes). */
  capture: (work: () => Promise<void>) => Promise<string[]>;
}

const GLOBAL = Symbol.for('nestrado.table-ownership.recorder');

/** The process's recorder, subscribed once (test files share a worker: isolate is off). */
export function tableOwnershipRecorder(): Recorder {
  const holder = globalThis as { [GLOBAL]?: Recorder };
  holder[GLOBAL] ??= createRecorder();
  return holder[GLOBAL];
}

function createRecorder(): Recorder {
  const { owners } = tableOwners();
  let violations: string[] = [];
  let crossReads = new Set<string>();
  let captured: string[] | undefined;
  const parsed = new Map<string, { writes: string[]; reads: string[] }>();

  /** The product's tables a text writes and reads (memoised: the same texts come back). */
  function tablesOfText(text: string): { writes: string[]; reads: string[] } {
    let found = parsed.get(text);
    if (!found) {
      const tables = sqlTables(text);
      const writes = tables.ddl ? [] : tables.writes.filter((table) => owners.has(table));
      for (const fn of tables.functions) {
        const writer = WRITING_FUNCTIONS[fn];
        if (writer) writes.push(writer.table);
      }
      found = { writes, reads: tables.reads.filter((table) => owners.has(table)) };
      if (parsed.size < 20_000) parsed.set(text, found);
    }
    return found;
  }

  function onMessage(message: unknown): void {
    const m = message as StatementMessage;
    const { writes, reads } =
      m.kind === 'text'
        ? tablesOfText(m.text)
        : m.kind === 'write'
          ? { writes: [m.table], reads: [] }
          : { writes: [], reads: [m.table] };
    if (writes.length === 0 && reads.length === 0) return;
    const from = issuerOf(callerFrames());
    if (!from) return;
    for (const table of writes) {
      const owner = owners.get(table);
      if (owner === from.issuer || ALLOWED_ANYWHERE.has(from.issuer)) continue;
      const file = from.site.replace(/:[^:]*$/, '');
      if (KNOWN_WRITES.has(`${from.issuer} writes ${table} from ${file}`)) continue;
      const violation = `${from.issuer} writes ${table} (owned by ${owner ?? 'nobody'}) at ${from.site}`;
      (captured ?? violations).push(violation);
    }
    if (from.issuer.startsWith('(')) return;
    for (const table of reads) {
      if (owners.get(table) !== from.issuer) crossReads.add(`${from.issuer} reads ${table}`);
    }
  }

  diagnostics.subscribe(STATEMENT_CHANNEL, onMessage);
  return {
    violations: () => [...new Set(violations)],
    crossReads: () => new Set(crossReads),
    reset() {
      violations = [];
      crossReads = new Set();
    },
    async capture(work) {
      const mine: string[] = [];
      captured = mine;
      try {
        await work();
      } finally {
        captured = undefined;
      }
      return mine;
    },
  };
}
