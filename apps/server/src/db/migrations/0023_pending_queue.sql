-- Deciding a deposit or withdrawal could never be a HOT update: the pending queue's partial index
-- (kind, created_at) WHERE status = 'pending' names `status` in its predicate, and PostgreSQL makes
-- an update that changes a column any index reads (key, expression or predicate) write a new entry
-- in every index of the table — the primary key, the TNX id, the per-user and the date indexes —
-- for each approval and rejection.
--
-- The queue moves to a table of its own, kept by the database: a pending transaction enters it when
-- inserted and leaves it when decided (a transaction is decided once: transactions_guard). No
-- column of `transactions` that a decision writes is read by an index any more, and the table
-- keeps a tenth of each page free, so the decision can be written beside the row it replaces.
-- The audit checks the queue holds exactly the pending transactions.
CREATE TABLE pending_transactions (
  transaction_id uuid PRIMARY KEY,
  kind text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX pending_transactions_kind_idx ON pending_transactions (kind, created_at);

INSERT INTO pending_transactions (transaction_id, kind, created_at)
  SELECT id, kind, created_at FROM transactions WHERE status = 'pending';

CREATE FUNCTION pending_transactions_enter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_transactions (transaction_id, kind, created_at)
    VALUES (NEW.id, NEW.kind, NEW.created_at);
  RETURN NULL;
END;
$$;
CREATE FUNCTION pending_transactions_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pending_transactions WHERE transaction_id = OLD.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER transactions_enter_queue AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION pending_transactions_enter();
CREATE TRIGGER transactions_leave_queue AFTER UPDATE ON transactions
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending')
  EXECUTE FUNCTION pending_transactions_leave();

DROP INDEX transactions_pending_idx;
ALTER TABLE transactions SET (fillfactor = 90);
