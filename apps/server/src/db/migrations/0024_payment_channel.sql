-- Typed vocabularies (issue 15). The payment channel gets a column of its own: `crypto` holds the
-- payment method's name (the seed's field, searched on), which for a bank withdrawal is "Bank
-- Transfer" — a name, not a channel. `channel` says crypto wallet or bank, for deposits and
-- withdrawals only, and never changes once booked. Transaction kinds become a closed list (the same
-- as TRANSACTION_KINDS in packages/shared/src/schemas/kinds.ts) instead of any lower-case word.

ALTER TABLE transactions ADD COLUMN channel text CHECK (channel IN ('crypto', 'bank'));

-- Existing rows: a deposit's channel is its payment method's kind; a withdrawal names a method
-- only when it goes to a crypto wallet, so one without a method was paid to a bank. The guard
-- refuses any change to a decided row, so it rests for the backfill.
ALTER TABLE transactions DISABLE TRIGGER transactions_guard;
UPDATE transactions t SET channel = m.kind
  FROM payment_methods m
  WHERE t.method_id = m.id AND t.kind IN ('deposit', 'withdrawal');
UPDATE transactions SET channel = 'bank' WHERE kind = 'withdrawal' AND channel IS NULL;
ALTER TABLE transactions ENABLE TRIGGER transactions_guard;

ALTER TABLE transactions
  ADD CONSTRAINT transactions_channel_of_payments
    CHECK ((kind IN ('deposit', 'withdrawal')) = (channel IS NOT NULL)),
  ADD CONSTRAINT transactions_kind_known
    CHECK (kind IN ('deposit', 'withdrawal', 'adjustment_balance', 'adjustment_profit',
                    'adjustment_bonus', 'trade_open', 'trade_close', 'performance_fee',
                    'referral_bonus'));

-- The channel is fixed when booked, like the amounts: the guard (0002, 0018) refuses a change.
CREATE OR REPLACE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'transactions are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.transaction_id <> OLD.transaction_id OR NEW.user_id <> OLD.user_id
     OR NEW.kind <> OLD.kind OR NEW.type <> OLD.type OR NEW.amount_cents <> OLD.amount_cents
     OR NEW.fee_cents <> OLD.fee_cents OR NEW.created_at <> OLD.created_at
     OR NEW.channel IS DISTINCT FROM OLD.channel THEN
    RAISE EXCEPTION 'transaction % money fields are immutable', OLD.transaction_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'transaction % is already %', OLD.transaction_id, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
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
    OR NEW.channel IS DISTINCT FROM OLD.channel
  ) EXECUTE FUNCTION transactions_guard();
