-- The dashboard's totals (deposits, withdrawals, profit, bonus) are the net movement of a user's
-- accounts per journal entry kind. Summing all of a user's postings on every read grew with their
-- history; the posting trigger now keeps that sum beside the balance it already keeps, in the
-- same statement, and the ledger audit checks it against the postings.
CREATE TABLE ledger_user_totals (
  user_id uuid NOT NULL REFERENCES users(id),
  entry_kind text NOT NULL,
  net bigint NOT NULL,
  PRIMARY KEY (user_id, entry_kind)
);

INSERT INTO ledger_user_totals (user_id, entry_kind, net)
  SELECT a.user_id, e.kind, sum(p.amount)
  FROM postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN journal_entries e ON e.id = p.entry_id
  WHERE a.user_id IS NOT NULL
  GROUP BY a.user_id, e.kind;

-- Two transactions can only meet on one (user, kind) row after both locked that user's accounts
-- of that kind of entry, so the upsert adds no lock order of its own.
CREATE OR REPLACE FUNCTION postings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
    RETURNING user_id INTO owner;
  IF owner IS NOT NULL THEN
    INSERT INTO ledger_user_totals (user_id, entry_kind, net)
      SELECT owner, e.kind, NEW.amount FROM journal_entries e WHERE e.id = NEW.entry_id
    ON CONFLICT (user_id, entry_kind) DO UPDATE SET net = ledger_user_totals.net + EXCLUDED.net;
  END IF;
  RETURN NULL;
END;
$$;

-- Like a balance, a total changes only from the posting trigger (trigger depth 2).
CREATE FUNCTION ledger_user_totals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger totals change only through postings' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger totals are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_user_totals_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_user_totals
  FOR EACH ROW EXECUTE FUNCTION ledger_user_totals_guard();
