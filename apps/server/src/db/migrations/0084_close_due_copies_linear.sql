-- close_due_copies (0083) without positional subscripts (issue 43: the cascade's PostgreSQL CPU).
--
-- 0083 kept a batch's copies in parallel arrays and picked the closes that pay, that charge a fee
-- and so on by position: `c_books[i]` for i in a list. Finding the i-th element of an array of
-- text, numeric or jsonb (or of any array holding a null) walks the i − 1 before it, so each such
-- pick cost O(n) and each batch O(n²): about a tenth of the function's time at 500 a batch, more
-- per close as batches grow. Here every derived array is built by one pass over the arrays
-- unnested side by side (WITH ORDINALITY), filtered, in the copies' order. The aggregates read a
-- subquery already in that order, instead of each sorting for itself (PostgreSQL 15 sorts once per
-- aggregate with ORDER BY).
--
-- Same arguments, same locking order, same rows written in the same order, same answer: the
-- row-for-row test (scheduled-close-rows.test.ts) holds unchanged.
CREATE OR REPLACE FUNCTION close_due_copies(
  p_strategy uuid, p_ids uuid[], p_nav numeric, p_term_end timestamptz, p_now timestamptz)
RETURNS TABLE (trade_id uuid, user_id uuid, reason text, credit_id text, fee_id text,
  fee_user_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lead_trader uuid;
  nav numeric := trim_scale(p_nav);
  -- The batch's copies, one element each, in id order (the lock's).
  c_ids uuid[]; c_users uuid[]; c_books text[]; c_amounts bigint[]; c_titles text[];
  c_values bigint[]; c_fees bigint[]; c_marks numeric[]; c_reasons text[]; c_texts text[];
  n integer;
  booked_at timestamptz;
  -- The owners' credits (the closes that pay something) and the lead trader's fees: where each
  -- falls among the copies, then what insert_credit_transactions takes.
  paid integer[]; cr_users uuid[]; cr_books text[]; cr_amounts bigint[]; cr_texts text[];
  cr_parts jsonb[];
  lead_paid integer[]; fe_amounts bigint[]; fe_texts text[]; fe_parts jsonb[];
  credits record;
  fees record;
  -- By copy (null where none).
  credit_uuids uuid[]; credit_public text[]; fee_uuids uuid[]; fee_public text[];
  -- ledger_post_entries's arguments: per posting, then per entry.
  p_entry_of integer[]; p_codes text[]; p_kinds text[]; p_owners uuid[]; p_amounts bigint[];
  p_non_negative boolean[]; e_kinds text[]; e_texts text[]; e_transactions uuid[];
  f_kinds text[]; f_texts text[]; f_transactions uuid[];
BEGIN
  SELECT s.lead_trader_id INTO lead_trader FROM strategies s WHERE s.id = p_strategy;
  IF NOT FOUND THEN RETURN; END IF;

  SELECT array_agg(d.id), array_agg(d.user_id), array_agg(d.book), array_agg(d.amount_cents),
    array_agg(d.title), array_agg(d.value_cents), array_agg(d.fee_cents), array_agg(d.mark),
    array_agg(d.reason),
    array_agg(trade_close_text(d.reason, d.title, d.amount_cents,
      d.value_cents - d.fee_cents - d.amount_cents))
  INTO c_ids, c_users, c_books, c_amounts, c_titles, c_values, c_fees, c_marks, c_reasons, c_texts
  FROM (SELECT * FROM lock_due_copies(p_strategy, p_ids, nav, p_term_end) l ORDER BY l.id) d;
  n := coalesce(cardinality(c_ids), 0);
  IF n = 0 THEN RETURN; END IF;

  -- Never before the copies' opening or last change (bookingTime).
  booked_at := greatest(p_now,
    (SELECT max(t.opened_at) FROM trades t WHERE t.id = ANY(c_ids)),
    (SELECT max(ch.created_at) FROM trade_changes ch WHERE ch.trade_id = ANY(c_ids)));

  -- The owners' credits, for the closes that pay something.
  SELECT coalesce(array_agg(x.i), '{}'), array_agg(x.owner), array_agg(x.book),
    array_agg(x.value - x.fee), array_agg(x.text),
    array_agg(jsonb_build_object('code', 'trade_close', 'reason', x.reason, 'plan', x.title,
      'amountCents', x.amount, 'profitCents', x.value - x.fee - x.amount))
  INTO paid, cr_users, cr_books, cr_amounts, cr_texts, cr_parts
  FROM (
    SELECT * FROM unnest(c_users, c_books, c_amounts, c_titles, c_values, c_fees, c_reasons, c_texts)
      WITH ORDINALITY AS x(owner, book, amount, title, value, fee, reason, text, i)
    WHERE x.value - x.fee > 0 ORDER BY x.i
  ) x;
  SELECT * INTO credits FROM insert_credit_transactions('trade_close', cr_users, cr_books,
    cr_amounts, cr_texts, cr_parts, booked_at);
  credit_uuids := spread_at(paid, credits.ids, n);
  credit_public := spread_at(paid, credits.public_ids, n);

  -- The fees: every charged one has its entry; a real copy's with a lead trader pays the lead
  -- trader through a transaction of theirs, any other is the platform's (or practice's) income.
  SELECT coalesce(array_agg(x.i), '{}'), array_agg(x.fee),
    array_agg('Performance fee (' || x.title || ' plan copier)'),
    array_agg(jsonb_build_object('code', 'performance_fee', 'plan', x.title))
  INTO lead_paid, fe_amounts, fe_texts, fe_parts
  FROM (
    SELECT * FROM unnest(c_books, c_titles, c_fees) WITH ORDINALITY AS x(book, title, fee, i)
    WHERE x.fee > 0 AND x.book = 'real' AND lead_trader IS NOT NULL ORDER BY x.i
  ) x;
  SELECT * INTO fees FROM insert_credit_transactions('performance_fee',
    array_fill(lead_trader, ARRAY[cardinality(lead_paid)]),
    array_fill('real'::text, ARRAY[cardinality(lead_paid)]), fe_amounts, fe_texts, fe_parts,
    booked_at);
  fee_uuids := spread_at(lead_paid, fees.ids, n);
  fee_public := spread_at(lead_paid, fees.public_ids, n);

  -- Each owner's alert (its e-mail is rendered after the closes: mail_due, 0082).
  PERFORM insert_due_alerts(c_users,
    ARRAY(SELECT CASE x.reason WHEN 'stop_loss' THEN 'trade_stopped_out'
        WHEN 'take_profit' THEN 'trade_take_profit' ELSE 'trade_term_ended' END
      FROM unnest(c_reasons) WITH ORDINALITY AS x(reason, i) ORDER BY x.i),
    ARRAY(SELECT jsonb_build_object('tradeId', x.id, 'plan', x.title, 'amountCents', x.amount,
        'payoutCents', x.value - x.fee)
        || CASE WHEN x.book = 'practice' THEN '{"practice": true}'::jsonb ELSE '{}' END
      FROM unnest(c_ids, c_titles, c_amounts, c_values, c_fees, c_books) WITH ORDINALITY
        AS x(id, title, amount, value, fee, book, i)
      ORDER BY x.i),
    p_now);

  -- The ledger (tradeClosedEntry, then performanceFeeEntry): each close's entry, then each fee's,
  -- postings in account-code order as entryFromMoves gives them. A book's accounts: practice_*.
  WITH closes AS (
    SELECT x.i::integer AS e, x.u, CASE x.book WHEN 'practice' THEN 'practice_' ELSE '' END AS b,
      x.amount, x.value - x.fee AS payout
    FROM unnest(c_users, c_books, c_amounts, c_values, c_fees) WITH ORDINALITY
      AS x(u, book, amount, value, fee, i)
  ), fee_entries AS (
    SELECT (n + row_number() OVER (ORDER BY x.i))::integer AS e,
      CASE x.book WHEN 'practice' THEN 'practice_' ELSE '' END AS b, x.fee,
      CASE WHEN x.book = 'real' THEN lead_trader END AS payee
    FROM unnest(c_books, c_fees) WITH ORDINALITY AS x(book, fee, i)
    WHERE x.fee > 0
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
      CASE WHEN payee IS NULL THEN b || 'fees' ELSE 'available' END, payee, fee,
      payee IS NOT NULL
    FROM fee_entries
    UNION ALL
    SELECT e, 2, 'platform:' || b || 'strategy_pnl', b || 'strategy_pnl', NULL, -fee, false
    FROM fee_entries
  )
  SELECT array_agg(p.e), array_agg(p.code), array_agg(p.kind), array_agg(p.owner),
    array_agg(p.amount), array_agg(p.non_negative)
  INTO p_entry_of, p_codes, p_kinds, p_owners, p_amounts, p_non_negative
  FROM (SELECT * FROM postings ORDER BY e, k) p;
  e_kinds := ARRAY(
    SELECT CASE x.book WHEN 'practice' THEN 'practice.trade.close' ELSE 'trade.close' END
    FROM unnest(c_books) WITH ORDINALITY AS x(book, i) ORDER BY x.i);
  SELECT array_agg(CASE x.book WHEN 'practice' THEN 'practice.trade.fee' ELSE 'trade.fee' END),
    array_agg('Performance fee (' || x.title || ' plan copier)'), array_agg(x.fee_uuid)
  INTO f_kinds, f_texts, f_transactions
  FROM (
    SELECT * FROM unnest(c_books, c_titles, c_fees, fee_uuids) WITH ORDINALITY
      AS x(book, title, fee, fee_uuid, i)
    WHERE x.fee > 0 ORDER BY x.i
  ) x;
  -- An array || a null array is the array: a batch without fees has entries for its closes only.
  e_kinds := e_kinds || f_kinds;
  e_texts := c_texts || f_texts;
  e_transactions := credit_uuids || f_transactions;
  PERFORM 1 FROM ledger_post_entries(p_entry_of, p_codes, p_kinds, p_owners, p_amounts,
    p_non_negative, e_kinds, e_texts, e_transactions,
    array_fill(NULL::uuid, ARRAY[cardinality(e_kinds)]),
    array_fill(booked_at, ARRAY[cardinality(e_kinds)]), false);
  -- A booked batch answers nothing; a refused one (an account would go below zero) every entry.
  IF FOUND THEN
    RAISE EXCEPTION 'ledger batch of % closes was not booked', n;
  END IF;

  -- The copies last: their update takes the strategy's figures and copier record (0062, 0066).
  -- Found by the primary key (`= ANY`).
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
