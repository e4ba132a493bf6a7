-- A batch of scheduled closes (stop-loss, take-profit, term end) in one call (issue 43).
--
-- A cascade closes up to 100,000 copies of one strategy at one NAV. Booked by the process, each
-- close cost ~0.3 ms of the process's CPU and ~0.05 ms more of PostgreSQL's (the rows sent as
-- JSON and parsed back) on top of the ~0.16 ms its rows cost PostgreSQL: 10,000 closes took 2.55 s
-- on two cores where the rows alone take 0.91 s (bench/cascade-floor.ts, bench/RESULTS.md
-- 2026-11-30). So `close_due_copies` locks a batch, settles it and writes every row of its closes
-- itself: the credit and fee transactions, the ledger entries (through ledger_post_entries), the
-- alerts and the trades' update. The process sends the ids and the NAV and gets back who to tell.
--
-- It writes the copies (copy-trading's) and reaches every other module's table through that
-- module's own writing function, as a service would through its API: the transactions through
-- insert_credit_transactions (transactions', below), the ledger through ledger_post_entries, the
-- alerts through insert_due_alerts (notifications', 0082).
--
-- The rules it applies are the domain's, in SQL, each written once here and held to the domain by
-- property tests (apps/server/test/close-due-copies-rule.test.ts): the valuation (unitsValueCents),
-- the stop-loss and take-profit tests (isStopLossCrossed, isTakeProfitCrossed), the settlement
-- (settleTrade: the lots' performance fee capped at the profit, the highest mark), and the English
-- descriptions (englishDescription, formatUsd). The closes of one batch are checked row by row
-- against the process's own booking in scheduled-close-rows.test.ts.

-- What units are worth at a NAV: floor(units × NAV × 100) cents, never below 0 (unitsValueCents).
-- Not STRICT, so it is inlined into its callers.
CREATE FUNCTION copy_value_cents(units numeric, nav numeric) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN greatest(0, floor(units * nav * 100))::bigint;

-- The stop-loss fires once the loss is at least pct % of the amount: (amount − value) × 100 ≥
-- amount × pct, in integers (isStopLossCrossed).
CREATE FUNCTION copy_stop_loss_crossed(amount_cents bigint, value_cents bigint, pct integer)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (amount_cents::numeric - value_cents) * 100 >= amount_cents::numeric * pct;

-- Its mirror for a gain (isTakeProfitCrossed); never without a take-profit (pct null).
CREATE FUNCTION copy_take_profit_crossed(amount_cents bigint, value_cents bigint, pct integer)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN pct IS NOT NULL AND (value_cents::numeric - amount_cents) * 100 >= amount_cents::numeric * pct;

-- "$1,234.56", "-$5.00" (formatUsd): the dollars grouped by three with commas, two decimals.
CREATE FUNCTION usd_text(cents bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- 17 digit places hold a bigint's whole dollars; ',' is a plain comma (G would be the locale's).
  RETURN CASE WHEN cents < 0 THEN '-' ELSE '' END || '$'
    || to_char(abs(cents) / 100, 'FM99,999,999,999,999,990') || '.'
    || lpad((abs(cents) % 100)::text, 2, '0');

-- A close's English sentence (englishDescription of a trade_close with its amount and profit).
CREATE FUNCTION trade_close_text(reason text, plan text, amount_cents bigint, profit_cents bigint)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE reason
      WHEN 'claim' THEN 'Profit claimed'
      WHEN 'close' THEN 'Trade closed'
      WHEN 'stop_loss' THEN 'Trade closed by stop-loss'
      WHEN 'take_profit' THEN 'Trade closed by take-profit'
      WHEN 'term_end' THEN 'Trade closed at the end of its term'
    END || ' (' || plan || ' plan): amount ' || usd_text(amount_cents) || ', '
    || CASE WHEN profit_cents < 0 THEN 'loss ' ELSE 'profit ' END || usd_text(abs(profit_cents));

-- A public transaction id: 'TNX-' and 6 letters or digits (newTransactionId), from 16 strong
-- random bytes (a version 4 UUID's), two bytes a character (the remainder's bias is 16 in 65,536),
-- none of them the version's or the variant's. An expression, inlined where it is used.
CREATE FUNCTION transaction_id_of(random_bytes bytea) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN 'TNX-'
    || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (get_byte(random_bytes, 0) * 256 + get_byte(random_bytes, 1)) % 36 + 1, 1)
    || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (get_byte(random_bytes, 2) * 256 + get_byte(random_bytes, 3)) % 36 + 1, 1)
    || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (get_byte(random_bytes, 4) * 256 + get_byte(random_bytes, 5)) % 36 + 1, 1)
    || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (get_byte(random_bytes, 9) * 256 + get_byte(random_bytes, 10)) % 36 + 1, 1)
    || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (get_byte(random_bytes, 11) * 256 + get_byte(random_bytes, 12)) % 36 + 1, 1)
    || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (get_byte(random_bytes, 13) * 256 + get_byte(random_bytes, 14)) % 36 + 1, 1);

-- The transactions module's writing function for the closes: transactions of one kind for a
-- batch, one row each of the arrays, each with a fresh public id
-- (a drawn id already taken is drawn again, as insertTransactions does): their uuids and ids, in
-- the arrays' order.
CREATE FUNCTION insert_credit_transactions(
  p_kind text, p_users uuid[], p_books text[], p_amounts bigint[], p_texts text[], p_parts jsonb[],
  p_at timestamptz, OUT ids uuid[], OUT public_ids text[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  n integer := coalesce(cardinality(p_users), 0);
  drawn text[];
  missing integer[] := ARRAY(SELECT generate_series(1, n));
  attempt integer := 0;
BEGIN
  ids := array_fill(NULL::uuid, ARRAY[n]);
  public_ids := array_fill(NULL::text, ARRAY[n]);
  WHILE cardinality(missing) > 0 LOOP
    attempt := attempt + 1;
    IF attempt > 8 THEN RAISE EXCEPTION 'could not draw free transaction ids'; END IF;
    -- The bytes drawn in a subquery of their own: a volatile argument used twelve times would keep
    -- transaction_id_of from being inlined (a function call an id, 5 us).
    drawn := ARRAY(SELECT transaction_id_of(r.bytes)
      FROM (SELECT uuid_send(gen_random_uuid()) AS bytes FROM unnest(missing) OFFSET 0) r);
    WITH inserted AS (
      INSERT INTO transactions (transaction_id, user_id, book, kind, type, status, amount_cents,
        description, description_parts, decided_at, created_at, updated_at)
      SELECT m.id, r.owner, r.book, p_kind, 'credit', 'success', r.amount, r.text, r.parts,
        p_at, p_at, p_at
      FROM unnest(p_users, p_books, p_amounts, p_texts, p_parts) WITH ORDINALITY
        AS r(owner, book, amount, text, parts, i)
      JOIN unnest(missing, drawn) AS m(i, id) ON m.i = r.i
      ORDER BY r.i
      ON CONFLICT (transaction_id) DO NOTHING
      RETURNING id, transaction_id
    )
    SELECT ids_now, public_now INTO ids, public_ids FROM (
      SELECT array_agg(coalesce(ins.id, x.id) ORDER BY x.i) AS ids_now,
        array_agg(coalesce(ins.transaction_id, x.public_id) ORDER BY x.i) AS public_now
      FROM unnest(ids, public_ids) WITH ORDINALITY AS x(id, public_id, i)
      LEFT JOIN unnest(missing, drawn) AS m(i, id) ON m.i = x.i
      LEFT JOIN inserted ins ON ins.transaction_id = m.id) answered;
    missing := ARRAY(SELECT i FROM generate_series(1, n) AS x(i) WHERE ids[i] IS NULL);
  END LOOP;
END;
$$;

-- A copy closed at `nav` (settleTrade): its value; the performance fee, floor(Σ units × (NAV −
-- mark) × pct / 100 × 100) cents over the lots whose mark the NAV is above (lotsFee), capped at
-- the profit so it never eats into the principal; and the highest mark after it (highestMark: a
-- lot below the NAV is raised to it, so the highest of the marks and the NAV). A copy without
-- stored lots holds the one it opened with (0030).
CREATE FUNCTION copy_settlement(amount_cents bigint, units numeric, lots jsonb,
  high_water_nav numeric, fee_pct numeric, nav numeric
  -- A set of one row, so the planner inlines it into its caller's FROM (no call a copy).
) RETURNS TABLE (value_cents bigint, fee_cents bigint, mark numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT v.value,
    least(coalesce(floor(g.gain * fee_pct), 0), greatest(v.value - amount_cents, 0))::bigint,
    trim_scale(greatest(g.top_mark, nav))
  FROM (SELECT copy_value_cents(units, nav) AS value) v,
    LATERAL (
      SELECT sum(lot.units * (nav - lot.mark)) FILTER (WHERE nav > lot.mark) AS gain,
        max(lot.mark) AS top_mark
      FROM (
        SELECT (e->>'units')::numeric, (e->>'highWaterNav')::numeric
        FROM jsonb_array_elements(lots) e
        UNION ALL
        SELECT units, high_water_nav WHERE lots IS NULL
      ) lot(units, mark)
    ) g
$$;

-- Why a scheduled close takes a copy, or null: at a price (term_end null) its stop-loss or its
-- take-profit (priceCloseReasonAtValue; they cannot both hold), at a term end an ended term
-- (isTermOver).
CREATE FUNCTION copy_due_reason(amount_cents bigint, value_cents bigint, stop_loss_pct integer,
  take_profit_pct integer, closes_at timestamptz, term_end timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN term_end IS NOT NULL THEN CASE WHEN closes_at <= term_end THEN 'term_end' END
    WHEN copy_stop_loss_crossed(amount_cents, value_cents, stop_loss_pct) THEN 'stop_loss'
    WHEN copy_take_profit_crossed(amount_cents, value_cents, take_profit_pct) THEN 'take_profit'
  END;

-- Those of `p_ids` that are open copies of `p_strategy` and due at `p_nav` (or `p_term_end`),
-- locked in id order (a copy its owner is closing is waited for, then found closed and left
-- out), each with its plan's title, why it closes and its settlement.
CREATE FUNCTION lock_due_copies(p_strategy uuid, p_ids uuid[], p_nav numeric,
  p_term_end timestamptz)
RETURNS TABLE (id uuid, user_id uuid, book text, amount_cents bigint, title text, reason text,
  value_cents bigint, fee_cents bigint, mark numeric)
LANGUAGE sql VOLATILE AS $$
  SELECT l.id, l.user_id, l.book, l.amount_cents, l.title,
    copy_due_reason(l.amount_cents, s.value_cents, l.stop_loss_pct, l.take_profit_pct,
      l.closes_at, p_term_end),
    s.value_cents, s.fee_cents, s.mark
  FROM (
    SELECT t.id, t.user_id, t.book, t.amount_cents, t.units, t.lots, t.high_water_nav,
      t.performance_fee_pct, t.stop_loss_pct, t.take_profit_pct, t.closes_at, p.title
    FROM trades t JOIN plans p ON p.id = t.plan_id
    WHERE t.id = ANY(p_ids) AND t.strategy_id = p_strategy AND t.status = 'open'
    ORDER BY t.id
    FOR UPDATE OF t
  ) l
  CROSS JOIN LATERAL copy_settlement(l.amount_cents, l.units, l.lots, l.high_water_nav,
    l.performance_fee_pct, p_nav) s
  WHERE copy_due_reason(l.amount_cents, s.value_cents, l.stop_loss_pct, l.take_profit_pct,
    l.closes_at, p_term_end) IS NOT NULL
  ORDER BY l.id
$$;

-- `vals` spread over `n` places: the k-th at place positions[k], null elsewhere (what was written
-- for some of a batch's closes, by close).
CREATE FUNCTION spread_at(positions integer[], vals anycompatiblearray, n integer)
  RETURNS anycompatiblearray LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT p.v FROM generate_series(1, n) AS g(i)
    LEFT JOIN unnest(positions, vals) AS p(i, v) ON p.i = g.i ORDER BY g.i)
$$;

-- Closes those of `p_ids` that are open copies of `p_strategy` and due: at a price (p_term_end
-- null) those whose stop-loss or take-profit `p_nav` crosses, at a term end those whose term has
-- ended by `p_term_end`. Each is locked in id order (a copy its owner is closing is waited for,
-- then found closed and left alone), valued and settled at `p_nav`, and booked at the later of
-- `p_now` and its last change (bookingTime). Answers each copy it closed: its owner, why, the
-- public id of its credit (none when it paid nothing) and of its fee to the lead trader, if any.
CREATE FUNCTION close_due_copies(
  p_strategy uuid, p_ids uuid[], p_nav numeric, p_term_end timestamptz, p_now timestamptz)
RETURNS TABLE (trade_id uuid, user_id uuid, reason text, credit_id text, fee_id text,
  fee_user_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lead_trader uuid;
  nav numeric := trim_scale(p_nav);
  c_ids uuid[]; c_users uuid[]; c_books text[]; c_amounts bigint[]; c_titles text[];
  c_values bigint[]; c_fees bigint[]; c_marks numeric[]; c_reasons text[]; c_texts text[];
  n integer;
  booked_at timestamptz;
  credits record;
  fees record;
  paid integer[];
  charged integer[];
  lead_paid integer[];
  credit_uuids uuid[];
  credit_public text[];
  fee_uuids uuid[];
  fee_public text[];
  -- ledger_post_entries's arguments: per posting, then per entry.
  p_entry_of integer[]; p_codes text[]; p_kinds text[]; p_owners uuid[]; p_amounts bigint[];
  p_non_negative boolean[]; e_kinds text[]; e_texts text[]; e_transactions uuid[];
BEGIN
  SELECT s.lead_trader_id INTO lead_trader FROM strategies s WHERE s.id = p_strategy;
  IF NOT FOUND THEN RETURN; END IF;

  SELECT array_agg(d.id ORDER BY d.id), array_agg(d.user_id ORDER BY d.id),
    array_agg(d.book ORDER BY d.id), array_agg(d.amount_cents ORDER BY d.id),
    array_agg(d.title ORDER BY d.id), array_agg(d.value_cents ORDER BY d.id),
    array_agg(d.fee_cents ORDER BY d.id), array_agg(d.mark ORDER BY d.id),
    array_agg(d.reason ORDER BY d.id),
    array_agg(trade_close_text(d.reason, d.title, d.amount_cents,
      d.value_cents - d.fee_cents - d.amount_cents) ORDER BY d.id)
  INTO c_ids, c_users, c_books, c_amounts, c_titles, c_values, c_fees, c_marks, c_reasons, c_texts
  FROM lock_due_copies(p_strategy, p_ids, nav, p_term_end) d;
  n := coalesce(cardinality(c_ids), 0);
  IF n = 0 THEN RETURN; END IF;

  -- Never before the copies' opening or last change (bookingTime).
  booked_at := greatest(p_now,
    (SELECT max(t.opened_at) FROM trades t WHERE t.id = ANY(c_ids)),
    (SELECT max(ch.created_at) FROM trade_changes ch WHERE ch.trade_id = ANY(c_ids)));

  -- The owners' credits, for the closes that pay something.
  paid := ARRAY(SELECT i FROM generate_series(1, n) i WHERE c_values[i] - c_fees[i] > 0 ORDER BY i);
  SELECT * INTO credits FROM insert_credit_transactions('trade_close',
    ARRAY(SELECT c_users[i] FROM unnest(paid) i), ARRAY(SELECT c_books[i] FROM unnest(paid) i),
    ARRAY(SELECT c_values[i] - c_fees[i] FROM unnest(paid) i),
    ARRAY(SELECT c_texts[i] FROM unnest(paid) i),
    ARRAY(SELECT jsonb_build_object('code', 'trade_close', 'reason', c_reasons[i],
        'plan', c_titles[i], 'amountCents', c_amounts[i],
        'profitCents', c_values[i] - c_fees[i] - c_amounts[i])
      FROM unnest(paid) i),
    booked_at);
  credit_uuids := spread_at(paid, credits.ids, n);
  credit_public := spread_at(paid, credits.public_ids, n);

  -- The fees: every charged one has its entry; a real copy's with a lead trader pays the lead
  -- trader through a transaction of theirs, any other is the platform's (or practice's) income.
  charged := ARRAY(SELECT i FROM generate_series(1, n) i WHERE c_fees[i] > 0 ORDER BY i);
  lead_paid := CASE WHEN lead_trader IS NULL THEN '{}'
    ELSE ARRAY(SELECT i FROM unnest(charged) i WHERE c_books[i] = 'real') END;
  SELECT * INTO fees FROM insert_credit_transactions('performance_fee',
    ARRAY(SELECT lead_trader FROM unnest(lead_paid) i),
    ARRAY(SELECT 'real' FROM unnest(lead_paid) i),
    ARRAY(SELECT c_fees[i] FROM unnest(lead_paid) i),
    ARRAY(SELECT 'Performance fee (' || c_titles[i] || ' plan copier)' FROM unnest(lead_paid) i),
    ARRAY(SELECT jsonb_build_object('code', 'performance_fee', 'plan', c_titles[i])
      FROM unnest(lead_paid) i),
    booked_at);
  fee_uuids := spread_at(lead_paid, fees.ids, n);
  fee_public := spread_at(lead_paid, fees.public_ids, n);

  -- Each owner's alert (its e-mail is rendered after the closes: mail_due, 0082).
  PERFORM insert_due_alerts(c_users,
    ARRAY(SELECT CASE c_reasons[i] WHEN 'stop_loss' THEN 'trade_stopped_out'
        WHEN 'take_profit' THEN 'trade_take_profit' ELSE 'trade_term_ended' END
      FROM generate_series(1, n) i ORDER BY i),
    ARRAY(SELECT jsonb_build_object('tradeId', c_ids[i], 'plan', c_titles[i],
        'amountCents', c_amounts[i], 'payoutCents', c_values[i] - c_fees[i])
        || CASE WHEN c_books[i] = 'practice' THEN '{"practice": true}'::jsonb ELSE '{}' END
      FROM generate_series(1, n) i ORDER BY i),
    p_now);

  -- The ledger (tradeClosedEntry, then performanceFeeEntry): each close's entry, then each fee's,
  -- postings in account-code order as entryFromMoves gives them. A book's accounts: practice_*.
  WITH closes AS (
    SELECT i AS e, c_users[i] AS u, CASE c_books[i] WHEN 'practice' THEN 'practice_' ELSE '' END AS b,
      c_amounts[i] AS amount, c_values[i] - c_fees[i] AS payout
    FROM generate_series(1, n) i
  ), fee_entries AS (
    SELECT (n + k)::integer AS e, i, CASE c_books[i] WHEN 'practice' THEN 'practice_' ELSE '' END AS b,
      CASE WHEN c_books[i] = 'real' THEN lead_trader END AS payee
    FROM unnest(charged) WITH ORDINALITY AS f(i, k)
  ), postings AS (
    SELECT e, 1 AS k, 'platform:' || b || 'strategy_pnl' AS code, b || 'strategy_pnl' AS kind,
      NULL::uuid AS owner, amount - payout AS amount, false AS non_negative
    FROM closes WHERE payout <> amount
    UNION ALL
    SELECT e, 2, 'user:' || u || ':' || b || 'available', b || 'available', u, payout, true
    FROM closes WHERE payout > 0
    UNION ALL
    SELECT e, 3, 'user:' || u || ':' || b || 'invested', b || 'invested', u, -amount, true
    FROM closes
    UNION ALL
    SELECT e, CASE WHEN payee IS NULL THEN 1 ELSE 3 END,
      coalesce('user:' || payee || ':available', 'platform:' || b || 'fees'),
      CASE WHEN payee IS NULL THEN b || 'fees' ELSE 'available' END, payee, c_fees[i],
      payee IS NOT NULL
    FROM fee_entries
    UNION ALL
    SELECT e, 2, 'platform:' || b || 'strategy_pnl', b || 'strategy_pnl', NULL, -c_fees[i], false
    FROM fee_entries
  )
  -- One pass, one sort (the aggregates share their order).
  SELECT array_agg(e ORDER BY e, k), array_agg(code ORDER BY e, k), array_agg(kind ORDER BY e, k),
    array_agg(owner ORDER BY e, k), array_agg(amount ORDER BY e, k),
    array_agg(non_negative ORDER BY e, k)
  INTO p_entry_of, p_codes, p_kinds, p_owners, p_amounts, p_non_negative
  FROM postings;
  e_kinds := ARRAY(
    SELECT CASE c_books[i] WHEN 'practice' THEN 'practice.trade.close' ELSE 'trade.close' END
    FROM generate_series(1, n) i ORDER BY i)
    || ARRAY(SELECT CASE c_books[i] WHEN 'practice' THEN 'practice.trade.fee' ELSE 'trade.fee' END
      FROM unnest(charged) WITH ORDINALITY AS f(i, k) ORDER BY k);
  e_texts := c_texts || ARRAY(SELECT 'Performance fee (' || c_titles[i] || ' plan copier)'
    FROM unnest(charged) WITH ORDINALITY AS f(i, k) ORDER BY k);
  e_transactions := credit_uuids || ARRAY(SELECT fee_uuids[i]
    FROM unnest(charged) WITH ORDINALITY AS f(i, k) ORDER BY k);
  PERFORM 1 FROM ledger_post_entries(p_entry_of, p_codes, p_kinds, p_owners, p_amounts,
    p_non_negative, e_kinds, e_texts, e_transactions,
    array_fill(NULL::uuid, ARRAY[cardinality(e_kinds)]),
    array_fill(booked_at, ARRAY[cardinality(e_kinds)]), false);
  -- A booked batch answers nothing; a refused one (an account would go below zero) every entry.
  IF FOUND THEN
    RAISE EXCEPTION 'ledger batch of % closes was not booked', n;
  END IF;

  -- The copies last: their update takes the strategy's figures and copier record (0062, 0066).
  -- The arrays unnested side by side, not subscripted row by row (finding the i-th element of an
  -- array of text or numeric walks the i − 1 before it). Found by the primary key (`= ANY`).
  UPDATE trades t SET status = 'closed', closed_at = booked_at, close_reason = x.reason,
    exit_nav = nav, value_cents = x.value, fee_cents = x.fee, payout_cents = x.value - x.fee,
    high_water_nav = x.mark, close_transaction_id = x.credit
  FROM unnest(c_ids, c_reasons, c_values, c_fees, c_marks, credit_uuids)
    AS x(id, reason, value, fee, mark, credit)
  WHERE t.id = ANY(c_ids) AND t.id = x.id;

  RETURN QUERY
  SELECT x.id, x.owner, x.reason, x.credit, x.fee, CASE WHEN x.fee IS NOT NULL THEN lead_trader END
  FROM unnest(c_ids, c_users, c_reasons, credit_public, fee_public) WITH ORDINALITY
    AS x(id, owner, reason, credit, fee, i)
  ORDER BY x.i;
END;
$$;
