-- The batch posting function with less work per close (issue 43: the stop-loss cascade's
-- PostgreSQL CPU). Same checks, same refusals, same rows written, same locking order as 0065.
--
-- ledger_post_entries (0065) was ~40 % of the cascade's statement time. What it did that booked
-- nothing:
--   - it answered one row per posting (the balance after each entry, a window over the batch and
--     a read of every posting's account), 30,000 rows for 10,000 closes, parsed by the process and
--     thrown away: no caller reads them (the closes and the funds changes want the entries booked
--     or a refusal). With p_answer false a booked batch answers nothing; a refused one still
--     answers every posting (null entry id, the balance it would have left), which names the
--     account that would have gone below zero;
--   - it read every posting's account a second time after locking the user accounts (the
--     platform balances, needed only by a refusal's answer), and kept the balances before the
--     batch in an array rebuilt once per platform account: now the check reads only the accounts
--     it locks, in the lock's own statement, and a refusal reads the others when it answers;
--   - it drew each entry id with nextval(pg_get_serial_sequence(...)) per entry: the sequence's
--     name was looked up in the catalogue 500 times a batch; now once.
-- The guards of 0016/0022 are unchanged: their WHEN clauses already make no PL/pgSQL call while
-- the function writes (they only read the ledger.posting marker; auto_explain's trigger counts show
-- none), and refuse any other write. With them dropped (measurement only): 36.0 against 38.3 ms a
-- batch, within the noise.
-- Weighed and left: one statement to lock and update the user accounts (the lock is ~2 ms of a
-- batch; the update's cost is its row writes and 0064's overview trigger, ~5-15 ms a batch);
-- looking the codes up by one `code = ANY` scan (36.0 against 38.3 ms, within the noise).
-- Measured on a scratch database (10,000 users, 40 batches of 500 closes each side, alternating,
-- the backend's CPU from /proc, a loaded machine): 46.8 -> 38.3 and 42.8 -> 37.5 ms of PostgreSQL
-- CPU a batch (means of two runs). The whole cascade (bench/cascade-profile.ts 10000, four runs
-- each side alternately, load average 9-13): PostgreSQL CPU 2305 -> 2175 ms (medians; runs spread
-- 2180-2510 and 2030-2330, so within the noise, as the ~170 ms the batches predict).
--
-- The 11-argument form (0065) stays, answering as before, for a server of the previous release
-- during a rolling deploy: it calls this one.
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
  p_created_at timestamptz[],
  -- Answer each posting's balance after its entry (0065's answer)? Without, a booked batch answers
  -- no row; a refused batch answers every posting either way.
  p_answer boolean
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
  refused boolean;
  entry_sequence regclass;
  entry_ids bigint[];
  platform record;
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

  -- 3. Lock the first group in id order (NO KEY UPDATE, like the balance update itself) and check,
  -- in the same statement, each of its postings' running balance under the lock, entry after
  -- entry. Every account flagged non-negative is in the first group.
  WITH locked AS MATERIALIZED (
    SELECT a.id, a.balance FROM ledger_accounts a
    WHERE a.id IN (SELECT f.id FROM unnest(ids, first) AS f(id, is_first) WHERE f.is_first)
    ORDER BY a.id FOR NO KEY UPDATE
  )
  SELECT coalesce(bool_or(r.keep AND r.after < 0), false) INTO refused
    FROM (
      SELECT p.keep,
             l.balance + (sum(p.amount) OVER (PARTITION BY p.id ORDER BY p.n, p.i))::bigint AS after
      FROM unnest(p_entry_of, ids, p_amounts, p_non_negative)
        WITH ORDINALITY AS p(n, id, amount, keep, i)
      JOIN locked AS l ON l.id = p.id
    ) AS r;
  IF refused THEN
    -- What each posting would have left; the platform accounts read unlocked, as before.
    RETURN QUERY
      SELECT p.n, NULL::bigint, p.code,
             a.balance + (sum(p.amount) OVER (PARTITION BY p.id ORDER BY p.n, p.i))::bigint
      FROM unnest(p_entry_of, p_codes, ids, p_amounts) WITH ORDINALITY AS p(n, code, id, amount, i)
      JOIN ledger_accounts AS a ON a.id = p.id
      ORDER BY p.i;
    RETURN;
  END IF;

  -- 4. The entries, their postings, the first group's balances and the users' totals.
  PERFORM set_config('ledger.posting', 'on', true);
  entry_sequence := pg_get_serial_sequence('journal_entries', 'id');
  entry_ids := ARRAY(SELECT nextval(entry_sequence) FROM generate_series(1, entries));
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

  -- 5. The platform accounts last, in id order, each once: locked by its own balance update.
  FOR platform IN
    SELECT p.id, sum(p.amount)::bigint AS total FROM unnest(ids, p_amounts, first) AS p(id, amount, is_first)
    WHERE NOT p.is_first GROUP BY p.id ORDER BY p.id
  LOOP
    UPDATE ledger_accounts SET balance = balance + platform.total WHERE id = platform.id;
  END LOOP;
  PERFORM set_config('ledger.posting', '', true);

  IF p_answer THEN
    -- Every account of the batch is now locked by this transaction and holds its balance after
    -- the batch: before it, that less the batch's sum; after each entry, that plus the running sum.
    RETURN QUERY
      SELECT p.n, entry_ids[p.n], p.code,
             a.balance - (sum(p.amount) OVER (PARTITION BY p.id))::bigint
               + (sum(p.amount) OVER (PARTITION BY p.id ORDER BY p.n, p.i))::bigint
      FROM unnest(p_entry_of, p_codes, ids, p_amounts) WITH ORDINALITY AS p(n, code, id, amount, i)
      JOIN ledger_accounts AS a ON a.id = p.id
      ORDER BY p.i;
  END IF;
END;
$$;

-- 0065's form, answering every posting, for a server of the previous release.
CREATE OR REPLACE FUNCTION ledger_post_entries(
  p_entry_of integer[], p_codes text[], p_kinds text[], p_user_ids uuid[], p_amounts bigint[],
  p_non_negative boolean[], p_entry_kinds text[], p_descriptions text[], p_transaction_ids uuid[],
  p_created_by uuid[], p_created_at timestamptz[]
) RETURNS TABLE (entry_n integer, entry_id bigint, account_code text, balance_after bigint)
LANGUAGE sql VOLATILE AS $$
  SELECT * FROM ledger_post_entries(p_entry_of, p_codes, p_kinds, p_user_ids, p_amounts,
    p_non_negative, p_entry_kinds, p_descriptions, p_transaction_ids, p_created_by, p_created_at,
    true)
$$;
