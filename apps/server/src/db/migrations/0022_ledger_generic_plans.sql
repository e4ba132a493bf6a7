-- The posting function at one client: slower than before 0016 (887 against 1,027 entries a second
-- on the hot account), because three of its statements were planned again on every call. PL/pgSQL
-- keeps a statement's plan only when the generic plan looks no dearer than a custom one; with
-- arrays for arguments the custom plans (which see two postings) always looked cheaper, so each
-- call paid 55–80 µs of planning for each of them (pg_stat_statements, track_planning). Now:
--   - the function runs with generic plans (plan_cache_mode), planned once per session;
--   - the account lookup reads each code through the index (a LATERAL probe per posting), so its
--     generic plan is an index probe whatever the table's size — the join it replaces became a
--     sequential scan of every account under a generic plan;
--   - the refusal triggers' WHEN clauses read the marker setting directly: a call to the SQL function
--     ledger_writing() there is not inlined and ran as a function call on every guarded row.
-- Same signature, same answer, same locking order and checks as 0016.

CREATE OR REPLACE TRIGGER journal_entries_direct_write BEFORE INSERT ON journal_entries
  FOR EACH ROW WHEN (current_setting('ledger.posting', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION refuse_ledger_write();
CREATE OR REPLACE TRIGGER postings_direct_write BEFORE INSERT ON postings
  FOR EACH ROW WHEN (current_setting('ledger.posting', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION refuse_ledger_write();
CREATE OR REPLACE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (
    NEW.id <> OLD.id OR NEW.code <> OLD.code OR NEW.kind <> OLD.kind
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR (NEW.balance <> OLD.balance AND current_setting('ledger.posting', true) IS DISTINCT FROM 'on')
  ) EXECUTE FUNCTION refuse_ledger_account_change();
CREATE OR REPLACE TRIGGER ledger_user_totals_guard BEFORE INSERT OR UPDATE ON ledger_user_totals
  FOR EACH ROW WHEN (current_setting('ledger.posting', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ledger_user_totals_guard();

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
    CROSS JOIN LATERAL (
      SELECT l.id, l.user_id FROM ledger_accounts l WHERE l.code = p.code LIMIT 1
    ) AS a;
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
      CROSS JOIN LATERAL (
        SELECT l.id, l.user_id FROM ledger_accounts l WHERE l.code = p.code LIMIT 1
      ) AS a;
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
