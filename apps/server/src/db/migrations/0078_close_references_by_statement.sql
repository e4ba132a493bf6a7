-- A close's references checked once per statement, not once per row (issue 43: the stop-loss
-- cascade's PostgreSQL CPU).
--
-- Each scheduled close wrote five rows whose foreign keys PostgreSQL checks row by row, each a
-- referential-integrity trigger call, a lookup by SPI and a KEY SHARE lock on the row found (the
-- user's row locked, so its page dirtied and logged, by a close that never changes a user): its
-- credit transaction (user_id), its alert (user_id), its user totals row (user_id, on a user's
-- first close), its journal entry (transaction_id) and the copy's own update
-- (close_transaction_id) — 5,000 checks a batch of 500 closes.
--
-- The same rules, held by cheaper guards:
--   - users and transactions are never deleted (closing an account sets users.deleted_at; the
--     transactions' guard of 0018 refuses a delete), so a reference that existed when it was
--     written exists for good: no lock needs to keep it;
--   - when a reference is written, one statement-level trigger per table checks the statement's
--     rows at once (its transition table against the referenced table's primary key) and refuses
--     the statement, as the foreign key did, with foreign_key_violation;
--   - a user totals row is written only by the ledger's functions (0016's guard), for the owner of
--     an account they have just read, and ledger_accounts.user_id keeps its foreign key: the total's
--     user exists by construction, as 0016 argued for the postings (the audit compares every total
--     with the postings of the owner's accounts).
-- Measured with bench/cascade-profile.ts 10000, 3 runs each side alternately on a loaded machine:
-- PostgreSQL CPU over the cascade 3230 -> 2510 ms (medians; bench/RESULTS.md, 2026-11-30 10:35).

-- Refuses the statement if one of its rows (transition table new_rows) names a user or a
-- transaction that does not exist, in the column the trigger names (its argument; null names
-- none). Each row's reference is looked up by a subquery of its own: one primary-key probe a row,
-- whatever the tables' sizes (an anti-join could be planned as a scan of every transaction, and
-- the plan is kept for the session).
CREATE FUNCTION refuse_unknown_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing uuid;
BEGIN
  IF TG_ARGV[0] = 'user_id' THEN
    SELECT n.user_id INTO missing FROM new_rows n
      WHERE (SELECT u.id FROM users u WHERE u.id = n.user_id) IS NULL LIMIT 1;
  ELSIF TG_ARGV[0] = 'transaction_id' THEN
    SELECT n.transaction_id INTO missing FROM new_rows n
      WHERE n.transaction_id IS NOT NULL
        AND (SELECT t.id FROM transactions t WHERE t.id = n.transaction_id) IS NULL
      LIMIT 1;
  ELSE
    SELECT n.close_transaction_id INTO missing FROM new_rows n
      WHERE n.close_transaction_id IS NOT NULL
        AND (SELECT t.id FROM transactions t WHERE t.id = n.close_transaction_id) IS NULL
      LIMIT 1;
  END IF;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION '%.% names %, which does not exist', TG_TABLE_NAME, TG_ARGV[0], missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;

-- Users are never deleted: an account is closed by setting deleted_at (users.service).
CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'users are never deleted (closing an account sets deleted_at)'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER users_never_deleted BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION refuse_user_delete();

-- Each foreign key a close paid for per row, and the statements that now check its rule: the
-- inserts, and the updates of a table where the reference may change (a transaction's owner
-- never changes: transactions_guard; entries are append-only: 0002; a closed copy never changes
-- again: trades_guard).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT * FROM (VALUES
      ('transactions', 'user_id', 'transactions_user_exists', ARRAY['INSERT']),
      ('notifications', 'user_id', 'notifications_user_exists', ARRAY['INSERT', 'UPDATE']),
      ('journal_entries', 'transaction_id', 'journal_entries_transaction_exists', ARRAY['INSERT']),
      ('trades', 'close_transaction_id', 'trades_close_transaction_exists',
       ARRAY['INSERT', 'UPDATE'])
    ) AS r(tab, col, name, events)
  LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', c.tab, c.tab || '_' || c.col || '_fkey');
    -- A trigger with a transition table takes one event: one trigger per event.
    FOR i IN 1..cardinality(c.events) LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING NEW TABLE AS new_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_references(%L)',
        c.name || CASE WHEN i > 1 THEN '_' || lower(c.events[i]) ELSE '' END, c.events[i], c.tab,
        c.col);
    END LOOP;
  END LOOP;
END;
$$;

-- ledger_user_totals.user_id: by construction (above).
ALTER TABLE ledger_user_totals DROP CONSTRAINT ledger_user_totals_user_id_fkey;
