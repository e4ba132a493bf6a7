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
-- Measured with bench/cascade-profile.ts 10000 (see bench/RESULTS.md).

CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'users are never deleted (closing an account sets deleted_at)'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER users_never_deleted BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION refuse_user_delete();

-- Refuses the statement if one of its rows (transition table new_rows) names no user. Each row's
-- user is looked up by a subquery of its own (one primary-key probe a row, whatever the tables'
-- sizes: an anti-join could be planned as a scan of every user, and the plan is kept for the
-- session).
CREATE FUNCTION refuse_unknown_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing uuid;
BEGIN
  SELECT n.user_id INTO missing FROM new_rows n
    WHERE (SELECT u.id FROM users u WHERE u.id = n.user_id) IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% names user %, which does not exist', TG_TABLE_NAME, missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;

-- Likewise for a transaction, in the column the trigger names (its argument); null names none.
CREATE FUNCTION refuse_unknown_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing uuid;
BEGIN
  IF TG_ARGV[0] = 'close_transaction_id' THEN
    SELECT n.close_transaction_id INTO missing FROM new_rows n
      WHERE n.close_transaction_id IS NOT NULL
        AND (SELECT t.id FROM transactions t WHERE t.id = n.close_transaction_id) IS NULL
      LIMIT 1;
  ELSE
    SELECT n.transaction_id INTO missing FROM new_rows n
      WHERE n.transaction_id IS NOT NULL
        AND (SELECT t.id FROM transactions t WHERE t.id = n.transaction_id) IS NULL
      LIMIT 1;
  END IF;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION '% names transaction %, which does not exist', TG_TABLE_NAME, missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;

-- transactions.user_id: a transaction's owner never changes (transactions_guard).
ALTER TABLE transactions DROP CONSTRAINT transactions_user_id_fkey;
CREATE TRIGGER transactions_user_exists
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_users();

-- notifications.user_id: checked on updates too (nothing moves an alert to another user today).
ALTER TABLE notifications DROP CONSTRAINT notifications_user_id_fkey;
CREATE TRIGGER notifications_user_exists
  AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_users();
CREATE TRIGGER notifications_user_exists_updated
  AFTER UPDATE ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_users();

-- ledger_user_totals.user_id: by construction (above).
ALTER TABLE ledger_user_totals DROP CONSTRAINT ledger_user_totals_user_id_fkey;

-- journal_entries.transaction_id: entries are append-only (0002).
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_transaction_id_fkey;
CREATE TRIGGER journal_entries_transaction_exists
  AFTER INSERT ON journal_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_transactions('transaction_id');

-- trades.close_transaction_id: set by the close (a closed copy never changes again: trades_guard).
ALTER TABLE trades DROP CONSTRAINT trades_close_transaction_id_fkey;
CREATE TRIGGER trades_close_transaction_exists
  AFTER INSERT ON trades REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_transactions('close_transaction_id');
CREATE TRIGGER trades_close_transaction_exists_updated
  AFTER UPDATE ON trades REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_unknown_transactions('close_transaction_id');
