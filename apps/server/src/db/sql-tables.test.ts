import { describe, expect, it } from 'vitest';
import { sqlTables } from './sql-tables';

const writes = (text: string) => sqlTables(text).writes.sort();
const reads = (text: string) => sqlTables(text).reads.sort();

describe('sqlTables: the tables a statement writes', () => {
  it('finds each kind of write, in any case', () => {
    expect(writes('INSERT INTO trades (id) VALUES ($1)')).toEqual(['trades']);
    expect(writes('update trades set closed_at = now()')).toEqual(['trades']);
    expect(writes('Delete From ONLY sessions WHERE id = $1')).toEqual(['sessions']);
    expect(writes('MERGE INTO plans p USING strategies s ON p.id = s.id WHEN MATCHED THEN DO NOTHING')).toEqual(['plans']);
    expect(writes('TRUNCATE TABLE trades, public.postings')).toEqual(['postings', 'trades']);
    expect(writes('COPY candles (symbol) FROM STDIN')).toEqual(['candles']);
  }); // prettier-ignore

  it('reads schema-qualified and quoted names', () => {
    expect(writes('UPDATE public.trades SET x = 1')).toEqual(['trades']);
    expect(writes('INSERT INTO "strategies" ("id") VALUES ($1)')).toEqual(['strategies']);
    expect(writes('update "public"."trades" set "x" = $1')).toEqual(['trades']);
    expect(writes('UPDATE other_schema.trades SET x = 1')).toEqual(['other_schema.trades']);
  });

  it('finds writes inside a CTE and several statements in one text', () => {
    expect(
      writes(
        'WITH moved AS (UPDATE trades SET x = 1 RETURNING id) INSERT INTO trade_changes SELECT id FROM moved',
      ),
    ).toEqual(['trade_changes', 'trades']);
    expect(writes('DELETE FROM a; insert into b values (1);')).toEqual(['a', 'b']);
  });

  it('is not fooled by row locks, conflict actions, comments, literals or identifiers', () => {
    expect(writes('SELECT * FROM trades WHERE id = $1 FOR UPDATE')).toEqual([]);
    expect(writes('SELECT * FROM trades FOR NO KEY UPDATE OF trades')).toEqual([]);
    expect(
      writes('INSERT INTO settings (k) VALUES ($1) ON CONFLICT (k) DO UPDATE SET v = excluded.v'),
    ).toEqual(['settings']);
    expect(writes("SELECT 'UPDATE trades SET x' AS note -- DELETE FROM users")).toEqual([]);
    expect(writes("SELECT E'it\\'s UPDATE trades' /* insert into users /* nested */ */")).toEqual(
      [],
    );
    expect(writes('SELECT $$ DELETE FROM users $$, $tag$ update users $tag$')).toEqual([]);
    expect(writes('SELECT updated_at, "update" FROM users')).toEqual([]);
  });

  it('reports DDL without reading its names', () => {
    const ddl = sqlTables(
      'CREATE TRIGGER t BEFORE UPDATE ON trades FOR EACH ROW EXECUTE FUNCTION f()',
    );
    expect(ddl).toMatchObject({ ddl: true, writes: [] });
  });
});

describe('sqlTables: the tables a statement reads', () => {
  it('finds FROM, JOIN and USING, not functions or columns', () => {
    expect(reads('SELECT * FROM trades t JOIN plans p ON p.id = t.plan_id')).toEqual(['plans', 'trades']);
    expect(reads('select 1 from "users" as u, sessions s where u.id = s.user_id')).toEqual(['sessions', 'users']);
    expect(reads('SELECT * FROM generate_series(1, 3)')).toEqual([]);
    expect(reads('SELECT extract(epoch FROM created_at) FROM postings')).toEqual(['postings']);
    expect(reads('DELETE FROM trades USING plans WHERE plans.id = trades.plan_id')).toEqual(['plans']);
    expect(reads('SELECT a IS DISTINCT FROM b FROM ledger_accounts')).toEqual(['ledger_accounts']);
  }); // prettier-ignore

  it('names the functions a statement calls', () => {
    expect(sqlTables('SELECT ledger_post_entry($1, $2)').functions).toEqual(['ledger_post_entry']);
  });
});
