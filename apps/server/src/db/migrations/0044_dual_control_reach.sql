-- Dual control beyond money moved by hand (issue 38 finding 3). A second admin now also approves:
--   deposit_approval  a deposit approval above the four-eyes threshold (the deposit stays pending);
--   setting_change    a change of a security-relevant setting that widens what an admin can do alone
--                     or takes more from users (setting_key, setting_value; setting_from for the
--                     checker's eyes); no user's money, so no user_id and no amount;
--   admin_grant       making a user an admin (user_id: the one to be made admin).
ALTER TABLE money_approvals DROP CONSTRAINT money_approvals_kind_check;
ALTER TABLE money_approvals ADD CONSTRAINT money_approvals_kind_check
  CHECK (kind IN ('adjustment', 'withdrawal_payout', 'deposit_approval', 'setting_change', 'admin_grant'));

ALTER TABLE money_approvals ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE money_approvals ADD CONSTRAINT money_approvals_user_unless_setting
  CHECK ((user_id IS NULL) = (kind = 'setting_change'));

ALTER TABLE money_approvals DROP CONSTRAINT money_approvals_amount_cents_check;
ALTER TABLE money_approvals ADD CONSTRAINT money_approvals_amount_of_money
  CHECK ((amount_cents <> 0) = (kind IN ('adjustment', 'withdrawal_payout', 'deposit_approval')));

ALTER TABLE money_approvals ADD COLUMN setting_key text;
ALTER TABLE money_approvals ADD COLUMN setting_value jsonb;
ALTER TABLE money_approvals ADD COLUMN setting_from jsonb;
ALTER TABLE money_approvals ADD CONSTRAINT money_approvals_setting_change
  CHECK ((kind = 'setting_change') = (setting_key IS NOT NULL AND setting_value IS NOT NULL));
ALTER TABLE money_approvals ADD CONSTRAINT money_approvals_deposit_has_transaction
  CHECK (kind <> 'deposit_approval' OR transaction_id IS NOT NULL);

-- At most one approval waiting per deposit or withdrawal, per setting and per admin grant.
DROP INDEX money_approvals_one_pending_payout;
CREATE UNIQUE INDEX money_approvals_one_pending_per_transaction
  ON money_approvals (transaction_id)
  WHERE status = 'pending' AND kind IN ('withdrawal_payout', 'deposit_approval');
CREATE UNIQUE INDEX money_approvals_one_pending_per_setting
  ON money_approvals (setting_key) WHERE status = 'pending' AND kind = 'setting_change';
CREATE UNIQUE INDEX money_approvals_one_pending_admin_grant
  ON money_approvals (user_id) WHERE status = 'pending' AND kind = 'admin_grant';
