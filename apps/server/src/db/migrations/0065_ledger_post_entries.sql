-- A batch of journal entries in one call: the stop-loss cascade's ledger, set-based (issue 43).
--
-- A cascade batch of 500 closes booked its entries through ledger_post_entry once per entry (a
-- LATERAL call per entry): ~130 ms of a ~280 ms batch, 260 us an entry, most of it the per-call
-- statements and the hot strategy P&L row updated once per entry (500 versions of one row in one
-- transaction). ledger_post_entries books the same entries with the same checks and the same
-- locking order, each step one statement over the whole batch:
--   1. refuses the batch if an entry has fewer than two postings or does not sum to zero, or a
--      posting names no entry of the batch (no read);
--   2. finds the accounts (each distinct code once); opens missing ones at zero (codes in sorted
--      order) only when one is missing; refuses the batch if an entry spans two books;
--   3. locks the user accounts (and any flagged non-negative) in id order and checks them with the
--      running balance, entry after entry, as booking them one by one would: if one would go below
--      zero nothing is booked and every posting is answered with a null entry id and the balance
--      it would have left;
--   4. writes the entries (ids drawn in entry order), the postings, the user balances (one update
--      per account, the batch's sum) and the user totals (one upsert per user and kind, in key
--      order);
--   5. moves each platform account once, by the batch's sum, last and in id order: the hot row is
--      locked for one statement per batch instead of one per entry.
-- Every writer still takes user accounts before platform accounts, each group in id order, so a
-- batch and single entries cannot deadlock on the books. The answer is ledger_post_entry's, per
-- posting in the order given, with the entry's ordinal: the balance after that entry (as if the
-- entries had been booked one by one). Writes are marked for the direct-write refusals as
-- ledger_post_entry marks its own (0016, 0022).
CREATE FUNCTION ledger_post_entries(
  -- Per posting, grouped by entry in entry order: the entry's ordinal (1-based) and the posting.
  p_entry_of integer[],
  p_codes text[],
  p_kinds text[],
  p_user_ids uuid[],
  p_amounts bigint[],
  p_non_negative boolean[],
  -- Per entry.
  p_entry_kinds text[],
  p_descriptions text[],
  p_transaction_ids uuid[],
  p_created_by uuid[],
  p_created_at timestamptz[]
) RETURNS TABLE (entry_n integer, entry_id bigint, account_code text, balance_after bigint)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  entries integer := coalesce(cardinality(p_entry_kinds), 0);
  lines integer := coalesce(cardinality(p_codes), 0);
  bad record;
  ids bigint[];
  owners uuid[];
  books text[];
  first boolean[];
  -- Per posting: its account's balance before the batch (read under the lock for the first group).
  befores bigint[];
  refused boolean;
  entry_ids bigint[];
  platform record;
  platform_balance bigint;
BEGIN
  -- 1. The batch's shape, from its arguments alone.
  IF cardinality(p_entry_of) IS DISTINCT FROM lines OR cardinality(p_kinds) IS DISTINCT FROM lines
     OR cardinality(p_user_ids) IS DISTINCT FROM lines
     OR cardinality(p_amounts) IS DISTINCT FROM lines
     OR cardinality(p_non_negative) IS DISTINCT FROM lines
     OR coalesce(cardinality(p_descriptions), 0) <> entries
     OR coalesce(cardinality(p_transaction_ids), 0) <> entries
     OR coalesce(cardinality(p_created_by), 0) <> entries
     OR coalesce(cardinality(p_created_at), 0) <> entries
     OR EXISTS (SELECT 1 FROM unnest(p_entry_of) AS e(n) WHERE e.n IS NULL OR e.n < 1 OR e.n > entries)
  THEN
    RAISE EXCEPTION 'journal entry batch is malformed: % entries, % postings', entries, lines
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT e.n, count(p.amount) AS lines, coalesce(sum(p.amount), 0) AS total INTO bad
    FROM generate_series(1, entries) AS e(n)
    LEFT JOIN unnest(p_entry_of, p_amounts) AS p(n, amount) ON p.n = e.n
    GROUP BY e.n
    HAVING count(p.amount) < 2 OR coalesce(sum(p.amount), 0) <> 0
    ORDER BY e.n
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry is unbalanced: % postings summing to %', bad.lines, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  IF entries = 0 THEN
    RETURN;
  END IF;

  -- 2. The accounts, in posting order, each distinct code read once; open the missing ones.
  FOR attempt IN 1..2 LOOP
    SELECT array_agg(a.id ORDER BY p.i), array_agg(a.user_id ORDER BY p.i),
           array_agg(a.book ORDER BY p.i),
           array_agg(a.user_id IS NOT NULL OR p.keep ORDER BY p.i)
      INTO ids, owners, books, first
      FROM unnest(p_codes, p_non_negative) WITH ORDINALITY AS p(code, keep, i)
      JOIN (
        SELECT l.id, l.user_id, l.book, l.code
        FROM (SELECT DISTINCT c.code FROM unnest(p_codes) AS c(code)) AS c
        CROSS JOIN LATERAL (
          SELECT a.id, a.user_id, a.book, a.code FROM ledger_accounts a WHERE a.code = c.code LIMIT 1
        ) AS l
      ) AS a ON a.code = p.code;
    EXIT WHEN coalesce(cardinality(ids), 0) = lines OR attempt = 2;
    INSERT INTO ledger_accounts (code, kind, user_id)
      SELECT DISTINCT ON (u.code) u.code, u.kind, u.user_id
      FROM unnest(p_codes, p_kinds, p_user_ids) AS u(code, kind, user_id)
      ORDER BY u.code
      ON CONFLICT DO NOTHING;
  END LOOP;
  IF coalesce(cardinality(ids), 0) <> lines THEN
    RAISE EXCEPTION 'ledger accounts could not be opened for the batch';
  END IF;
  SELECT p.n INTO bad
    FROM unnest(p_entry_of, books) AS p(n, book)
    GROUP BY p.n HAVING min(p.book) <> max(p.book)
    ORDER BY p.n LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry spans two books (%)', (
      SELECT string_agg(p.code, ', ' ORDER BY p.i)
      FROM unnest(p_entry_of, p_codes) WITH ORDINALITY AS p(n, code, i) WHERE p.n = bad.n)
      USING ERRCODE = 'check_violation';
  END IF;

  -- 3. Lock the first group in id order and check each posting's running balance under the lock.
  -- NO KEY UPDATE, like the balance update itself. The platform accounts are read unlocked here
  -- (only for a refusal's answer); they are locked by their own update in step 5.
  WITH locked AS MATERIALIZED (
    SELECT a.id, a.balance FROM ledger_accounts a
    WHERE a.id IN (SELECT f.id FROM unnest(ids, first) AS f(id, is_first) WHERE f.is_first)
    ORDER BY a.id FOR NO KEY UPDATE
  )
  SELECT array_agg(coalesce(l.balance, a.balance) ORDER BY p.i) INTO befores
    FROM unnest(ids) WITH ORDINALITY AS p(id, i)
    LEFT JOIN locked AS l ON l.id = p.id
    JOIN ledger_accounts AS a ON a.id = p.id;
  SELECT coalesce(bool_or(r.keep AND r.after < 0), false) INTO refused
    FROM (
      SELECT p.keep, p.before + (sum(p.amount) OVER (PARTITION BY p.id ORDER BY p.n, p.i))::bigint AS after
      FROM unnest(p_entry_of, ids, p_amounts, p_non_negative, befores)
        WITH ORDINALITY AS p(n, id, amount, keep, before, i)
    ) AS r;
  IF refused THEN
    RETURN QUERY
      SELECT p.n, NULL::bigint, p.code,
             p.before + (sum(p.amount) OVER (PARTITION BY p.id ORDER BY p.n, p.i))::bigint
      FROM unnest(p_entry_of, p_codes, ids, p_amounts, befores)
        WITH ORDINALITY AS p(n, code, id, amount, before, i)
      ORDER BY p.i;
    RETURN;
  END IF;

  -- 4. The entries, their postings, the first group's balances and the users' totals.
  PERFORM set_config('ledger.posting', 'on', true);
  SELECT array_agg(d.id ORDER BY d.id) INTO entry_ids
    FROM (
      SELECT nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id
      FROM generate_series(1, entries)
    ) AS d;
  INSERT INTO journal_entries
      (id, kind, description, transaction_id, idempotency_key_id, created_by, created_at)
    SELECT entry_ids[e.n], e.kind, e.description, e.transaction_id, NULL, e.created_by, e.created_at
    FROM unnest(p_entry_kinds, p_descriptions, p_transaction_ids, p_created_by, p_created_at)
      WITH ORDINALITY AS e(kind, description, transaction_id, created_by, created_at, n)
    ORDER BY e.n;

  INSERT INTO postings (entry_id, account_id, amount)
    SELECT entry_ids[p.n], p.id, p.amount
    FROM unnest(p_entry_of, ids, p_amounts) WITH ORDINALITY AS p(n, id, amount, i)
    ORDER BY p.i;

  UPDATE ledger_accounts a SET balance = a.balance + s.total
    FROM (
      SELECT p.id, sum(p.amount)::bigint AS total
      FROM unnest(ids, p_amounts, first) AS p(id, amount, is_first)
      WHERE p.is_first GROUP BY p.id
    ) AS s
    WHERE a.id = s.id;

  INSERT INTO ledger_user_totals (user_id, entry_kind, net)
    SELECT p.owner, p_entry_kinds[p.n], sum(p.amount)
    FROM unnest(p_entry_of, owners, p_amounts) AS p(n, owner, amount)
    WHERE p.owner IS NOT NULL
    GROUP BY p.owner, p_entry_kinds[p.n]
    ORDER BY p.owner, p_entry_kinds[p.n]
  ON CONFLICT (user_id, entry_kind) DO UPDATE SET net = ledger_user_totals.net + EXCLUDED.net;

  -- 5. The platform accounts last, in id order, each once: locked by its own balance update. The
  -- balance before the batch is what it holds after, less the batch's sum.
  FOR platform IN
    SELECT p.id, sum(p.amount)::bigint AS total FROM unnest(ids, p_amounts, first) AS p(id, amount, is_first)
    WHERE NOT p.is_first GROUP BY p.id ORDER BY p.id
  LOOP
    UPDATE ledger_accounts SET balance = balance + platform.total WHERE id = platform.id
      RETURNING balance INTO platform_balance;
    SELECT array_agg(CASE WHEN p.id = platform.id THEN platform_balance - platform.total
                          ELSE p.before END ORDER BY p.i)
      INTO befores
      FROM unnest(ids, befores) WITH ORDINALITY AS p(id, before, i);
  END LOOP;
  PERFORM set_config('ledger.posting', '', true);

  RETURN QUERY
    SELECT p.n, entry_ids[p.n], p.code,
           p.before + (sum(p.amount) OVER (PARTITION BY p.id ORDER BY p.n, p.i))::bigint
    FROM unnest(p_entry_of, p_codes, ids, p_amounts, befores)
      WITH ORDINALITY AS p(n, code, id, amount, before, i)
    ORDER BY p.i;
END;
$$;
