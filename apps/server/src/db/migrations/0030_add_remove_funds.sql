-- Add funds to an open copy and take part of it out (issue 16).
--
-- A copy's units are held in lots, each with its own high-water mark (docs/copy-portfolio.md):
-- `lots` lists them oldest first as [{"units": "…", "highWaterNav": "…"}]. NULL means the one lot
-- the copy opened with (units at high_water_nav), so existing and unchanged copies need no rewrite.
ALTER TABLE trades ADD COLUMN lots jsonb CHECK (lots IS NULL OR jsonb_typeof(lots) = 'array');

-- Every add and removal, as it was booked: the trade's own record of its changes (the money
-- itself moves through the ledger, each change with its transaction). Never changed or deleted.
CREATE TABLE trade_changes (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  trade_id uuid NOT NULL REFERENCES trades (id),
  kind text NOT NULL CHECK (kind IN ('add', 'remove')),
  nav numeric NOT NULL CHECK (nav > 0),
  -- Units bought (add) or redeemed (remove).
  units numeric NOT NULL CHECK (units > 0),
  -- Added (add) or the value of the redeemed units (remove).
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- The cost that joined (add: the amount) or left (remove: cost × units / units held).
  cost_cents bigint NOT NULL CHECK (cost_cents >= 0),
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  payout_cents bigint NOT NULL DEFAULT 0 CHECK (payout_cents >= 0),
  transaction_id uuid NOT NULL REFERENCES transactions (id),
  created_at timestamptz NOT NULL,
  CHECK (kind = 'remove' OR (fee_cents = 0 AND payout_cents = 0 AND cost_cents = amount_cents)),
  CHECK (kind = 'add' OR payout_cents + fee_cents = amount_cents)
);
CREATE INDEX trade_changes_trade ON trade_changes (trade_id, created_at);

CREATE FUNCTION trade_changes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'trade changes are never changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER trade_changes_guard BEFORE UPDATE OR DELETE ON trade_changes
  FOR EACH ROW EXECUTE FUNCTION trade_changes_guard();

-- A copy's cost and units may now change while it is open, and only together with its lots (an
-- add or a removal rewrites all three); a closed trade still never changes.
DROP TRIGGER trades_guard ON trades;
CREATE TRIGGER trades_guard BEFORE UPDATE ON trades
  FOR EACH ROW WHEN (
    OLD.status = 'closed'
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.entry_nav IS DISTINCT FROM OLD.entry_nav
    OR NEW.strategy_id IS DISTINCT FROM OLD.strategy_id
    OR ((NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
         OR NEW.units IS DISTINCT FROM OLD.units)
        AND NOT (NEW.lots IS DISTINCT FROM OLD.lots AND NEW.lots IS NOT NULL))
  ) EXECUTE FUNCTION trades_guard();

-- The ledger's user-facing transactions for the two new movements.
ALTER TABLE transactions DROP CONSTRAINT transactions_kind_known;
ALTER TABLE transactions ADD CONSTRAINT transactions_kind_known
  CHECK (kind IN ('deposit', 'withdrawal', 'adjustment_balance', 'adjustment_profit',
                  'adjustment_bonus', 'trade_open', 'trade_add', 'trade_remove', 'trade_close',
                  'performance_fee', 'referral_bonus'));
