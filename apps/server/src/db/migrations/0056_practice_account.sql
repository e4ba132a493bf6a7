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

-- The two practice transaction kinds (the practice copies use the trade_* kinds with book
-- 'practice'); a practice_* kind is never a real transaction.
ALTER TABLE transactions DROP CONSTRAINT transactions_kind_known;
ALTER TABLE transactions ADD CONSTRAINT transactions_kind_known
  CHECK (kind IN ('deposit', 'withdrawal', 'adjustment_balance', 'adjustment_profit',
                  'adjustment_bonus', 'trade_open', 'trade_add', 'trade_remove', 'trade_close',
                  'performance_fee', 'referral_bonus', 'profit_claim',
                  'practice_start', 'practice_reset'));
ALTER TABLE transactions ADD CONSTRAINT transactions_practice_kinds_in_practice_book
  CHECK (kind NOT IN ('practice_start', 'practice_reset') OR book = 'practice');
-- Nothing that moves real money in or out, or rewards, is ever practice.
ALTER TABLE transactions ADD CONSTRAINT transactions_money_kinds_real
  CHECK (book = 'real' OR kind NOT IN ('deposit', 'withdrawal', 'adjustment_balance',
                                       'adjustment_profit', 'adjustment_bonus', 'referral_bonus'));

-- A transaction's and a copy's book are fixed when booked, like their amounts: the guards (0018,
-- 0024, 0030) fire on a change of book too, and refuse it.
CREATE OR REPLACE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'transactions are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.transaction_id <> OLD.transaction_id OR NEW.user_id <> OLD.user_id
     OR NEW.kind <> OLD.kind OR NEW.type <> OLD.type OR NEW.amount_cents <> OLD.amount_cents
     OR NEW.fee_cents <> OLD.fee_cents OR NEW.created_at <> OLD.created_at
     OR NEW.channel IS DISTINCT FROM OLD.channel OR NEW.book IS DISTINCT FROM OLD.book THEN
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
    OR NEW.book IS DISTINCT FROM OLD.book
  ) EXECUTE FUNCTION transactions_guard();

CREATE OR REPLACE FUNCTION trades_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'trades are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'trade % is closed', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.units <> OLD.units
     OR NEW.entry_nav <> OLD.entry_nav OR NEW.strategy_id <> OLD.strategy_id
     OR NEW.book <> OLD.book THEN
    RAISE EXCEPTION 'trade % money fields are immutable', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
DROP TRIGGER trades_guard ON trades;
CREATE TRIGGER trades_guard BEFORE UPDATE ON trades
  FOR EACH ROW WHEN (
    OLD.status = 'closed'
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.entry_nav IS DISTINCT FROM OLD.entry_nav
    OR NEW.strategy_id IS DISTINCT FROM OLD.strategy_id
    OR NEW.book IS DISTINCT FROM OLD.book
    OR ((NEW.amount_cents IS DISTINCT FROM OLD.amount_cents
         OR NEW.units IS DISTINCT FROM OLD.units)
        AND NOT (NEW.lots IS DISTINCT FROM OLD.lots AND NEW.lots IS NOT NULL))
  ) EXECUTE FUNCTION trades_guard();

-- No entry spans the two books. ledger_post_entry (0022) with one more check: the accounts it
-- finds for the entry (step 2) must all be of one book — min(book) = max(book) over the two or
-- three rows it already reads, no further read. Same signature, same generic plans, same locking
-- order and answer otherwise.
CREATE OR REPLACE FUNCTION ledger_post_entry(
  p_codes text[],
  p_kinds text[],
  p_user_ids uuid[],
  p_amounts bigint[],
  p_non_negative boolean[],
  p_kind text,
  p_description text,
  p_transaction_id uuid,
  p_idempotency_key_id bigint,
  p_created_by uuid,
  p_created_at timestamptz
) RETURNS TABLE (entry_id bigint, account_code text, balance_after bigint)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  lines integer := coalesce(cardinality(p_codes), 0);
  ids bigint[];
  owners uuid[];
  -- Per posting: true for an account locked and checked first (a user's, or flagged non-negative).
  first boolean[];
  -- The entry's books: the least and the greatest of its accounts' (equal, or it is refused).
  low_book text;
  high_book text;
  new_entry bigint;
  refused boolean;
  moved_ids bigint[] := '{}';
  moved_balances bigint[] := '{}';
  platform record;
  platform_balance bigint;
BEGIN
  -- 1. The entry's shape, from its arguments alone.
  IF lines < 2 OR cardinality(p_amounts) <> lines OR cardinality(p_kinds) <> lines
     OR cardinality(p_user_ids) <> lines OR cardinality(p_non_negative) <> lines
     OR (SELECT sum(x) FROM unnest(p_amounts) AS x) <> 0 THEN
    RAISE EXCEPTION 'journal entry is unbalanced: % postings summing to %', lines,
      (SELECT coalesce(sum(x), 0) FROM unnest(p_amounts) AS x)
      USING ERRCODE = 'check_violation';
  END IF;

  -- 2. The accounts, in posting order; open the missing ones (codes in sorted order, so two
  -- openers cannot deadlock) only when a read finds one missing.
  SELECT array_agg(a.id ORDER BY p.n), array_agg(a.user_id ORDER BY p.n),
         array_agg(a.user_id IS NOT NULL OR p.keep ORDER BY p.n), min(a.book), max(a.book)
    INTO ids, owners, first, low_book, high_book
    FROM unnest(p_codes, p_non_negative) WITH ORDINALITY AS p(code, keep, n)
    CROSS JOIN LATERAL (
      SELECT l.id, l.user_id, l.book FROM ledger_accounts l WHERE l.code = p.code LIMIT 1
    ) AS a;
  IF coalesce(cardinality(ids), 0) < lines THEN
    INSERT INTO ledger_accounts (code, kind, user_id)
      SELECT u.code, u.kind, u.user_id
      FROM unnest(p_codes, p_kinds, p_user_ids) AS u(code, kind, user_id)
      ORDER BY u.code
      ON CONFLICT DO NOTHING;
    SELECT array_agg(a.id ORDER BY p.n), array_agg(a.user_id ORDER BY p.n),
           array_agg(a.user_id IS NOT NULL OR p.keep ORDER BY p.n), min(a.book), max(a.book)
      INTO ids, owners, first, low_book, high_book
      FROM unnest(p_codes, p_non_negative) WITH ORDINALITY AS p(code, keep, n)
      CROSS JOIN LATERAL (
        SELECT l.id, l.user_id, l.book FROM ledger_accounts l WHERE l.code = p.code LIMIT 1
      ) AS a;
  END IF;
  IF low_book <> high_book THEN
    RAISE EXCEPTION 'journal entry spans two books (%)', array_to_string(p_codes, ', ')
      USING ERRCODE = 'check_violation';
  END IF;

  -- 3. Lock the first group in id order and check it under the lock. NO KEY UPDATE, like the
  -- balance update itself: it does not block other entries' postings referencing the account.
  SELECT coalesce(bool_or(p.keep AND l.balance + p.amount < 0), false) INTO refused
    FROM (
      SELECT a.id, a.balance FROM ledger_accounts a
      WHERE a.id IN (SELECT f.id FROM unnest(ids, first) AS f(id, is_first) WHERE f.is_first)
      ORDER BY a.id FOR NO KEY UPDATE
    ) AS l
    JOIN unnest(ids, p_amounts, p_non_negative) AS p(id, amount, keep) ON p.id = l.id;
  IF refused THEN
    RETURN QUERY
      SELECT NULL::bigint, p.code, a.balance + p.amount
      FROM unnest(p_codes, ids, p_amounts) WITH ORDINALITY AS p(code, id, amount, n)
      JOIN ledger_accounts a ON a.id = p.id
      ORDER BY p.n;
    RETURN;
  END IF;

  -- 4. The entry, its postings, the first group's balances and the users' totals.
  PERFORM set_config('ledger.posting', 'on', true);
  INSERT INTO journal_entries (kind, description, transaction_id, idempotency_key_id, created_by, created_at)
  VALUES (p_kind, p_description, p_transaction_id, p_idempotency_key_id, p_created_by, p_created_at)
  RETURNING id INTO new_entry;

  INSERT INTO postings (entry_id, account_id, amount)
    SELECT new_entry, p.id, p.amount
    FROM unnest(ids, p_amounts) WITH ORDINALITY AS p(id, amount, n)
    ORDER BY p.n;

  WITH moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + p.amount
    FROM unnest(ids, p_amounts, first) AS p(id, amount, is_first)
    WHERE p.is_first AND a.id = p.id
    RETURNING a.id, a.balance
  )
  SELECT coalesce(array_agg(m.id), '{}'), coalesce(array_agg(m.balance), '{}')
    INTO moved_ids, moved_balances FROM moved AS m;

  INSERT INTO ledger_user_totals (user_id, entry_kind, net)
    SELECT p.owner, p_kind, sum(p.amount)
    FROM unnest(owners, p_amounts) AS p(owner, amount)
    WHERE p.owner IS NOT NULL
    GROUP BY p.owner
  ON CONFLICT (user_id, entry_kind) DO UPDATE SET net = ledger_user_totals.net + EXCLUDED.net;

  -- 5. The platform accounts last, in id order: each is locked by its own balance update.
  FOR platform IN
    SELECT p.id, p.amount FROM unnest(ids, p_amounts, first) AS p(id, amount, is_first)
    WHERE NOT p.is_first ORDER BY p.id
  LOOP
    UPDATE ledger_accounts SET balance = balance + platform.amount WHERE id = platform.id
      RETURNING balance INTO platform_balance;
    moved_ids := moved_ids || platform.id;
    moved_balances := moved_balances || platform_balance;
  END LOOP;
  PERFORM set_config('ledger.posting', '', true);

  RETURN QUERY
    SELECT new_entry, p.code, m.balance
    FROM unnest(p_codes, ids) WITH ORDINALITY AS p(code, id, n)
    JOIN unnest(moved_ids, moved_balances) AS m(id, balance) ON m.id = p.id
    ORDER BY p.n;
END;
$$;
