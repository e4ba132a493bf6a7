-- The withdrawal fee schedule is the operator's, per payout method (PRODUCT.md section 3): a
-- percentage of the amount and/or a flat fee, 0 by default. It replaces the one global setting
-- withdrawal_fee_pct, whose value every existing method takes over, so nothing an investor pays
-- changes with the migration. Withdrawals already requested keep the fee fixed on them
-- (transactions.fee_cents).
ALTER TABLE payment_methods
  ADD COLUMN withdrawal_fee_pct numeric(4, 2) NOT NULL DEFAULT 0
    CHECK (withdrawal_fee_pct >= 0 AND withdrawal_fee_pct < 100),
  ADD COLUMN withdrawal_fee_fixed_cents bigint NOT NULL DEFAULT 0
    CHECK (withdrawal_fee_fixed_cents BETWEEN 0 AND 100000);

UPDATE payment_methods
   SET withdrawal_fee_pct = (s.value #>> '{}')::numeric(4, 2)
  FROM settings s
 WHERE s.key = 'withdrawal_fee_pct';

DELETE FROM settings WHERE key = 'withdrawal_fee_pct';
