-- Claim Profit takes the profit out and leaves the copy open with its amount (issue 39,
-- PRODUCT.md section 3). It redeems the units worth the gain above the amount, like a removal
-- whose cost is nothing: a trade change of kind 'claim', and a user-facing transaction of its
-- own kind, 'profit_claim' (a claim is no longer a close).

-- trade_changes: the kinds and their rules, rewritten with names (0030's were unnamed).
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'trade_changes'::regclass AND contype = 'c'
      AND pg_get_constraintdef(oid) LIKE '%kind%'
  LOOP
    EXECUTE format('ALTER TABLE trade_changes DROP CONSTRAINT %I', found.conname);
  END LOOP;
END;
$$;
ALTER TABLE trade_changes
  ADD CONSTRAINT trade_changes_kind_known CHECK (kind IN ('add', 'remove', 'claim')),
  -- An add: its amount joins the cost; nothing is paid out.
  ADD CONSTRAINT trade_changes_add_pays_nothing
    CHECK (kind <> 'add' OR (fee_cents = 0 AND payout_cents = 0 AND cost_cents = amount_cents)),
  -- A removal or a claim: the value of the redeemed units is the payout and the fee.
  ADD CONSTRAINT trade_changes_redeemed_value
    CHECK (kind = 'add' OR payout_cents + fee_cents = amount_cents),
  -- A claim takes the gain alone: no cost leaves the copy's amount.
  ADD CONSTRAINT trade_changes_claim_costs_nothing CHECK (kind <> 'claim' OR cost_cents = 0);

ALTER TABLE transactions DROP CONSTRAINT transactions_kind_known;
ALTER TABLE transactions ADD CONSTRAINT transactions_kind_known
  CHECK (kind IN ('deposit', 'withdrawal', 'adjustment_balance', 'adjustment_profit',
                  'adjustment_bonus', 'trade_open', 'trade_add', 'trade_remove', 'trade_close',
                  'performance_fee', 'referral_bonus', 'profit_claim'));
