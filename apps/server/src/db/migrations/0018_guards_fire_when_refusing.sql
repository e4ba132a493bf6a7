-- The guards on transactions and trades ran a PL/pgSQL function on every update — every approval,
-- rejection and payout, every close (a batch of 500 scheduled closes: 500 calls) — only to find
-- nothing to refuse. Like the ledger's guards (0016), each now fires only when it would refuse:
-- its WHEN clause is the refusal's condition, evaluated without a function call; the functions,
-- and so the messages, are the ones of migrations 0002 and 0003.
DROP TRIGGER transactions_guard ON transactions;
CREATE TRIGGER transactions_guard BEFORE UPDATE ON transactions
  FOR EACH ROW WHEN (
    OLD.status <> 'pending'
    OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.type IS DISTINCT FROM OLD.type
    OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
    OR NEW.fee_cents IS DISTINCT FROM OLD.fee_cents
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
  ) EXECUTE FUNCTION transactions_guard();
CREATE TRIGGER transactions_never_deleted BEFORE DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_guard();

DROP TRIGGER trades_guard ON trades;
CREATE TRIGGER trades_guard BEFORE UPDATE ON trades
  FOR EACH ROW WHEN (
    OLD.status = 'closed'
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
    OR NEW.units IS DISTINCT FROM OLD.units
    OR NEW.entry_nav IS DISTINCT FROM OLD.entry_nav
    OR NEW.strategy_id IS DISTINCT FROM OLD.strategy_id
  ) EXECUTE FUNCTION trades_guard();
CREATE TRIGGER trades_never_deleted BEFORE DELETE ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_guard();
