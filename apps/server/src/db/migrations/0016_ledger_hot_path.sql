-- The ledger's hot path: less work while the hot account (platform:cash on deposit approvals, a
-- strategy's P/L account on closes) is locked, and no work that guards nothing in the normal path.
--
-- Before: balances and user totals moved in per-posting AFTER triggers (11–13 PL/pgSQL calls per
-- entry), the balance of each entry was checked three times at COMMIT (one deferred trigger per
-- posting and one per entry), every call tried to open its accounts, and every account of the entry
-- was locked up front in id order — the platform accounts (the lowest ids) first.
--
-- Now `ledger_post_entry` does the work itself, in this order:
--   1. refuses an entry of fewer than two postings or whose amounts do not sum to zero (no read);
--   2. finds the accounts; opens missing ones at zero only when one is missing;
--   3. locks the user accounts (and any flagged non-negative) in id order and checks them: if one
--      would go below zero nothing is booked;
--   4. writes the entry, its postings, the user balances and the user totals;
--   5. moves the platform balances last, in id order, so the hot row is locked for the fewest
--      statements. Every writer takes user accounts before platform accounts, each group in id
--      order, so writers still cannot deadlock on one entry's accounts.
-- The rules stay in the database: only this function writes entries, postings, balances and totals
-- (the triggers below refuse any other write, and cost nothing in the normal path: their WHEN
-- clauses are plain expressions, no PL/pgSQL call); a user account still cannot go below zero
-- (CHECK user_balance_not_negative); entries and postings stay append-only.

-- While ledger_post_entry writes, this transaction-local setting is 'on'. It marks the function's
-- own writes for the refusals below; it is not a permission (a session could set it by hand), it
-- keeps application code from writing the books any other way.
CREATE FUNCTION ledger_writing() RETURNS boolean STABLE LANGUAGE sql AS
  $$ SELECT current_setting('ledger.posting', true) IS NOT DISTINCT FROM 'on' $$;

CREATE FUNCTION refuse_ledger_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% changes only through ledger_post_entry', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- The per-posting triggers that did the work, and the commit-time balance checks.
DROP TRIGGER postings_apply ON postings;
DROP FUNCTION postings_apply();
DROP TRIGGER postings_balanced ON postings;
DROP TRIGGER journal_entries_balanced ON journal_entries;
DROP FUNCTION journal_entry_balanced();

-- Entries and postings: written only by the function (append-only triggers stay as they were).
CREATE TRIGGER journal_entries_direct_write BEFORE INSERT ON journal_entries
  FOR EACH ROW WHEN (NOT ledger_writing()) EXECUTE FUNCTION refuse_ledger_write();
CREATE TRIGGER postings_direct_write BEFORE INSERT ON postings
  FOR EACH ROW WHEN (NOT ledger_writing()) EXECUTE FUNCTION refuse_ledger_write();

-- A posting's entry and account: the foreign keys cost two referential-integrity trigger calls per
-- posting, and the one on the account took a KEY SHARE lock on the hot row while another writer
-- held it (a multixact per waiting writer, measured: hot throughput at 32 clients fell below the
-- old design's). They can no longer fail: only ledger_post_entry inserts postings, into the entry it
-- just inserted, on accounts it just read, and entries and accounts are never deleted. The audit
-- still checks that every posting's entry and account exist.
ALTER TABLE postings DROP CONSTRAINT postings_entry_id_fkey;
ALTER TABLE postings DROP CONSTRAINT postings_account_id_fkey;

-- Accounts: never deleted; code, kind and owner never change; the balance only from the function;
-- an account opens at zero. Each refusal fires only when it would refuse.
DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
DROP FUNCTION ledger_accounts_guard();
DROP TRIGGER ledger_accounts_insert_guard ON ledger_accounts;
DROP FUNCTION ledger_accounts_insert_guard();

CREATE FUNCTION refuse_ledger_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'insufficient_privilege';
  ELSIF TG_OP = 'INSERT' THEN
    RAISE EXCEPTION 'a ledger account opens at zero' USING ERRCODE = 'check_violation';
  ELSIF NEW.balance <> OLD.balance AND NOT ledger_writing() THEN
    RAISE EXCEPTION 'a balance changes only through postings' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'ledger account % is immutable', OLD.code USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER ledger_accounts_opens_at_zero BEFORE INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.balance <> 0) EXECUTE FUNCTION refuse_ledger_account_change();
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (
    NEW.id <> OLD.id OR NEW.code <> OLD.code OR NEW.kind <> OLD.kind
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR (NEW.balance <> OLD.balance AND NOT ledger_writing())
  ) EXECUTE FUNCTION refuse_ledger_account_change();
CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_account_change();

-- User totals: like balances, only from the function; never deleted.
DROP TRIGGER ledger_user_totals_guard ON ledger_user_totals;
CREATE OR REPLACE FUNCTION ledger_user_totals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger totals change only through postings' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER ledger_user_totals_guard BEFORE INSERT OR UPDATE ON ledger_user_totals
  FOR EACH ROW WHEN (NOT ledger_writing()) EXECUTE FUNCTION ledger_user_totals_guard();
CREATE TRIGGER ledger_user_totals_never_deleted BEFORE DELETE ON ledger_user_totals
  FOR EACH ROW EXECUTE FUNCTION ledger_user_totals_guard();

-- Same signature and answer as before (migration 0006): one row per posting, in posting order, the
-- entry id (NULL when nothing was booked) and the account's balance after the posting (or what it
-- would have been).
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
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lines integer := coalesce(cardinality(p_codes), 0);
  ids bigint[];
  owners uuid[];
  -- Per posting: true for an account locked and checked first (a user's, or flagged non-negative).
  first boolean[];
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
         array_agg(a.user_id IS NOT NULL OR p.keep ORDER BY p.n)
    INTO ids, owners, first
    FROM unnest(p_codes, p_non_negative) WITH ORDINALITY AS p(code, keep, n)
    JOIN ledger_accounts a ON a.code = p.code;
  IF coalesce(cardinality(ids), 0) < lines THEN
    INSERT INTO ledger_accounts (code, kind, user_id)
      SELECT u.code, u.kind, u.user_id
      FROM unnest(p_codes, p_kinds, p_user_ids) AS u(code, kind, user_id)
      ORDER BY u.code
      ON CONFLICT DO NOTHING;
    SELECT array_agg(a.id ORDER BY p.n), array_agg(a.user_id ORDER BY p.n),
           array_agg(a.user_id IS NOT NULL OR p.keep ORDER BY p.n)
      INTO ids, owners, first
      FROM unnest(p_codes, p_non_negative) WITH ORDINALITY AS p(code, keep, n)
      JOIN ledger_accounts a ON a.code = p.code;
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
