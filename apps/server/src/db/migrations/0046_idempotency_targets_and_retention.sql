-- Idempotency keys (modules/ledger/idempotency.ts), review issue 38 findings 8c and 8d.
--
-- target: what a request named by the state acted on (the trade `/api/trades/current/...` resolved
-- to). A key is bound to it: the same key sent again while the state names another trade is a
-- conflict (409), never a replay of the old answer that leaves the new trade as it was.
ALTER TABLE idempotency_keys ADD COLUMN target text;

-- Retention (docs/data-retention.md): a key's stored answer is kept for 30 days. Then a key no
-- journal entry references is deleted; one the ledger references (journal_entries.idempotency_key_id,
-- append-only, so the reference cannot be cleared) keeps its row, and the reference stays valid, but
-- loses its stored answer, marked here. Sent again, such a key is refused (IDEMPOTENCY_KEY_EXPIRED).
ALTER TABLE idempotency_keys ADD COLUMN answer_dropped_at timestamptz;
ALTER TABLE idempotency_keys
  ADD CONSTRAINT idempotency_keys_dropped_has_no_answer
  CHECK (answer_dropped_at IS NULL OR response_body IS NULL);

-- The sweep finds old keys by age, and asks the ledger whether one is referenced.
CREATE INDEX idempotency_keys_retention ON idempotency_keys (created_at)
  WHERE answer_dropped_at IS NULL;
CREATE INDEX journal_entries_idempotency_key ON journal_entries (idempotency_key_id)
  WHERE idempotency_key_id IS NOT NULL;
