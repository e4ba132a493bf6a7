-- Practice account (issue 42): virtual money in a ledger book of its own.
--
-- A practice account is a second set of a user's accounts (practice_available, practice_invested)
-- and a second set of platform accounts (practice_grants: where virtual money comes from and goes
-- back to; practice_strategy_pnl: the market's side of practice copies; practice_fees: the
-- performance fees practice copies are charged, paid to nobody). An account's book follows from
-- its kind and can never change; no journal entry may span the two books (ledger_post_entry
-- refuses one, the ledger audit finds one). Practice entries have kinds of their own
-- (practice.*), so the per-user totals the real dashboard reads never include them.

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check;
ALTER TABLE ledger_accounts DROP CONSTRAINT user_balance_not_negative;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_user_kinds CHECK (
    (kind IN ('available', 'withdrawal_hold', 'invested', 'practice_available', 'practice_invested'))
    = (user_id IS NOT NULL)),
  ADD CONSTRAINT user_balance_not_negative CHECK (
    kind NOT IN ('available', 'withdrawal_hold', 'invested', 'practice_available', 'practice_invested')
    OR balance >= 0),
  ADD COLUMN book text NOT NULL
    GENERATED ALWAYS AS (CASE WHEN kind LIKE 'practice\_%' THEN 'practice' ELSE 'real' END) STORED;

-- Copies and the transactions a user sees belong to one book, fixed when they are booked.
ALTER TABLE trades
  ADD COLUMN book text NOT NULL DEFAULT 'real' CHECK (book IN ('real', 'practice'));
ALTER TABLE transactions
  ADD COLUMN book text NOT NULL DEFAULT 'real' CHECK (book IN ('real', 'practice'));

-- One open copy per plan per user in each book: practising a plan never blocks investing in it.
DROP INDEX trades_one_open_per_plan;
CREATE UNIQUE INDEX trades_one_open_per_plan ON trades (user_id, plan_id, book) WHERE status = 'open';

-- A user's practice history is read apart from the real one.
CREATE INDEX transactions_practice_user_idx ON transactions (user_id, created_at DESC, id DESC)
  WHERE book = 'practice';

-- Who has a practice account, since when, and how often they started again.
CREATE TABLE practice_accounts (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  opened_at timestamptz NOT NULL,
  -- The balance the account starts (and restarts) at, as the setting gave it then.
  starting_cents bigint NOT NULL CHECK (starting_cents > 0),
  resets integer NOT NULL DEFAULT 0 CHECK (resets >= 0),
  last_reset_at timestamptz
);
