-- The dashboard counts a user's pending deposits and withdrawals on every read of the account
-- summary. `transactions` has no index that reads the status (0023: so a decision stays a HOT
-- update), so the counts walked every transaction the user ever had (bench: two bitmap scans of
-- 40 heap pages each per read after a few minutes of money traffic, the summary's main cost).
-- The pending queue already holds exactly the pending rows: it carries the owner too, and the
-- counts read it by (user_id, kind).
ALTER TABLE pending_transactions ADD COLUMN user_id uuid;
UPDATE pending_transactions q SET user_id = t.user_id FROM transactions t WHERE t.id = q.transaction_id;
ALTER TABLE pending_transactions ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX pending_transactions_user_idx ON pending_transactions (user_id, kind);

CREATE OR REPLACE FUNCTION pending_transactions_enter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_transactions (transaction_id, kind, created_at, user_id)
    VALUES (NEW.id, NEW.kind, NEW.created_at, NEW.user_id);
  RETURN NULL;
END;
$$;
