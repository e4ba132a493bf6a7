import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No module writes another module's tables: each table has one owning module, and only that
 * module's source inserts, updates or deletes its rows. Any other module asks the owner's service.
 * (Reads across modules are allowed: a report may join users to the audit log.)
 *
 * Owners that are not modules under src/modules are named in parentheses: the HTTP layer's rate
 * limiter and the migration runner.
 */
const OWNERS: Record<string, string> = {
  // session: the accounts and the sessions that speak for them (request identity)
  users: 'session',
  sessions: 'session',
  // auth: sign-in flows and the one-time secrets that go with them
  auth_tokens: 'auth',
  recovery_codes: 'auth',
  link_requests: 'auth',
  audit_log: 'audit',
  mail_outbox: 'mail',
  contact_messages: 'contact',
  settings: 'settings',
  plans: 'plans',
  payment_methods: 'payment-methods',
  money_approvals: 'approvals',
  referral_bonuses: 'referrals',
  transactions: 'transactions',
  // the queue of pending transactions is kept by a trigger on transactions (0023)
  pending_transactions: 'transactions',
  // ledger: the books and the idempotency keys stored with each money operation
  ledger_accounts: 'ledger',
  journal_entries: 'ledger',
  postings: 'ledger',
  ledger_user_totals: 'ledger',
  idempotency_keys: 'ledger',
  candles: 'market',
  market_prices: 'market',
  market_secret: 'market',
  strategies: 'copy-trading',
  strategy_positions: 'copy-trading',
  strategy_fills: 'copy-trading',
  nav_snapshots: 'copy-trading',
  trades: 'copy-trading',
  trade_changes: 'copy-trading',
  notifications: 'notifications',
  notification_email_preferences: 'notifications',
  notification_languages: 'notifications',
  trader_applications: 'lead-traders',
  verifications: 'verification',
  verification_documents: 'verification',
  appropriateness_questionnaires: 'appropriateness',
  appropriateness_assessments: 'appropriateness',
  sign_in_providers: 'sign-in-providers',
  user_identities: 'sign-in-providers',
  api_tokens: 'api-tokens',
  rate_limit_buckets: '(http)',
  schema_migrations: '(db)',
};

const SRC = path.resolve(import.meta.dirname, '..');
/** Set to scan another copy of src/modules (how the check was shown failing on main). */
const MODULES = process.env.TABLE_OWNERSHIP_MODULES ?? path.join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every table: created by a migration, or declared with pgTable (Drizzle name → SQL name). */
function tables(): { sqlNames: Set<string>; bySymbol: Map<string, string> } {
  const sqlNames = new Set<string>();
  const migrations = path.join(SRC, 'db', 'migrations');
  for (const file of fs.readdirSync(migrations)) {
    const text = fs.readFileSync(path.join(migrations, file), 'utf8');
    for (const m of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi)) {
      if (m[1]) sqlNames.add(m[1]);
    }
  }
  const bySymbol = new Map<string, string>();
  for (const file of [path.join(SRC, 'db', 'schema.ts'), ...sourceFiles(MODULES)]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_]+)'/g)) {
      if (m[1] && m[2]) {
        bySymbol.set(m[1], m[2]);
        sqlNames.add(m[2]);
      }
    }
  }
  return { sqlNames, bySymbol };
}

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The tables a source file writes: Drizzle .insert/.update/.delete(table) and raw SQL. */
function writesOf(text: string, bySymbol: Map<string, string>, sqlNames: Set<string>): string[] {
  const code = withoutComments(text);
  const written = new Set<string>();
  for (const m of code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = m[1] ? bySymbol.get(m[1]) : undefined;
    if (table) written.add(table);
  }
  for (const m of code.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)/g)) {
    if (m[1] && sqlNames.has(m[1])) written.add(m[1]);
  }
  return [...written];
}

describe('table ownership', () => {
  const { sqlNames, bySymbol } = tables();

  it('every table has an owning module', () => {
    const unowned = [...sqlNames].filter((table) => !(table in OWNERS)).sort();
    expect(unowned, 'tables missing from OWNERS in table-ownership.test.ts').toEqual([]);
  });

  it("no module writes another module's tables", () => {
    const violations: string[] = [];
    for (const file of sourceFiles(MODULES)) {
      const module = path.relative(MODULES, file).split(path.sep)[0];
      if (!module || module.endsWith('.ts')) continue;
      for (const table of writesOf(fs.readFileSync(file, 'utf8'), bySymbol, sqlNames)) {
        const owner = OWNERS[table];
        if (owner !== module) {
          violations.push(
            `${path.relative(MODULES, file)} writes ${table} (owned by ${owner ?? 'nobody'})`,
          );
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('finds the writes it looks for (the scanner itself)', () => {
    const found = writesOf(
      [
        'await tx.update(users).set({ isTrader: true });',
        'await db.insert(mailOutbox).values(row);',
        'await db.execute(sql`DELETE FROM sessions WHERE id = ${id}`);',
        '// an UPDATE users in a comment is not a write',
        'map.delete(key);',
      ].join('\n'),
      bySymbol,
      sqlNames,
    );
    expect(found.sort()).toEqual(['mail_outbox', 'sessions', 'users']);
  });
});
