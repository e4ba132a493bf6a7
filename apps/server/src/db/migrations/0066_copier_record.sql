-- A strategy's page without reading every copy (issue 43): GET /api/strategies/:id/record read
-- every copy ever opened of the strategy to state what copiers earned and the copying chart, so
-- the page of the scale bench's whale (10,000 copies at its tenth) took 6.6 times as long as one
-- with 100. Both are now
-- kept, in the statement that opens, closes, resizes or removes a real copy, by one statement-level
-- trigger per event below (transition tables: a cascade's batch of 500 closes is one aggregate,
-- a few row updates and a walk of at most 500 index entries per quartile). Practice copies never
-- count. The definitions are the domain functions' (domain/strategy-record.ts,
-- docs/strategy-record.md), which the tests apply to every copy after each step.
--
-- An UPDATE of copies that leaves the columns below as they were (a column list cannot go with
-- transition tables) costs one comparison of its rows and writes nothing. A statement that does
-- change them locks the strategy's rows after 0062's strategy_figures row of the same strategy,
-- which such a statement already locks: no statement waits on another it did not already wait on.

-- The copying chart: per strategy and UTC day, the change that day of the open real copies and of
-- their units (a copy counts from the day it opens to the day it closes, at its units now — the
-- chart's rule, copyingOverTime). The page sums the days up to each day it draws: one row per day
-- with a change, however many copies.
CREATE TABLE copying_days (
  strategy_id uuid NOT NULL,
  day date NOT NULL,
  copiers integer NOT NULL,
  units numeric NOT NULL,
  PRIMARY KEY (strategy_id, day)
);

-- What copiers earned: the real copies ever opened, the closed ones with an amount (their return
-- payout ÷ amount − 1 is defined) and those of them paid out more than was put in; and, for the
-- quartiles, three markers: the closed copy at rank floor((closed − 1) × p) for p = 0.25, 0.5,
-- 0.75 in the order below (null while none is closed). The page reads the copy at each marker and
-- the next one (linear interpolation between ranks): six index entries.
CREATE TABLE copier_outcomes (
  strategy_id uuid PRIMARY KEY,
  opened integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  profitable integer NOT NULL DEFAULT 0,
  marker_keys numeric[] NOT NULL DEFAULT '{NULL,NULL,NULL}',
  marker_ids uuid[] NOT NULL DEFAULT '{NULL,NULL,NULL}'
);

-- A closed copy's place among the others: payout ÷ amount to 40 decimals, truncated, an integer.
-- Amounts and payouts are bigint cents (below 10^19), so two different returns differ by more than
-- 10^-38 and keep their order here, and equal returns are equal keys: the order is the exact
-- order of the returns (ties by the copy's id). The page computes the returns themselves exactly
-- from the cents, never from this key.
CREATE FUNCTION copy_return_key(payout_cents bigint, amount_cents bigint) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT div(payout_cents::numeric * 1e40, amount_cents::numeric)
$$;

CREATE INDEX trades_closed_returns
  ON trades (strategy_id, copy_return_key(payout_cents, amount_cents), id)
  WHERE book = 'real' AND payout_cents IS NOT NULL AND amount_cents > 0;

-- Applies one statement's change: each real copy as it was (sign −1) and as it is (sign +1), rows
-- the statement left as they were already taken out, as one array per column (no row is parsed
-- twice).
CREATE FUNCTION copier_record_apply(
  a_signs integer[], a_strategies uuid[], a_ids uuid[], a_opened timestamptz[],
  a_closed timestamptz[], a_units numeric[], a_amounts bigint[], a_payouts bigint[]
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  slot integer;
  p numeric;
  n_new bigint;
  keys numeric[];
  m_ids uuid[];
  e_keys numeric[];
  e_ids uuid[];
  e_nets bigint[];
  mk numeric;
  mi uuid;
  rank_now bigint;
  target bigint;
  step bigint;
  removed boolean;
BEGIN
  WITH ch AS (
    SELECT * FROM unnest(a_signs, a_strategies, a_opened, a_closed, a_units)
      AS c(sign, strategy_id, opened_at, closed_at, units)
  )
  INSERT INTO copying_days AS c (strategy_id, day, copiers, units)
  SELECT strategy_id, day, sum(copiers), sum(units) FROM (
    SELECT strategy_id, (opened_at AT TIME ZONE 'UTC')::date AS day, sign AS copiers,
           sign * units AS units
    FROM ch
    UNION ALL
    SELECT strategy_id, (closed_at AT TIME ZONE 'UTC')::date, -sign, -sign * units
    FROM ch WHERE closed_at IS NOT NULL
  ) e
  GROUP BY strategy_id, day HAVING sum(copiers) <> 0 OR sum(units) <> 0
  ORDER BY strategy_id, day
  ON CONFLICT (strategy_id, day)
  DO UPDATE SET copiers = c.copiers + EXCLUDED.copiers, units = c.units + EXCLUDED.units;

  FOR s IN
    SELECT strategy_id, sum(sign) AS opened,
           coalesce(sum(sign) FILTER (WHERE payout IS NOT NULL AND amount > 0), 0) AS closed,
           coalesce(sum(sign) FILTER (WHERE payout IS NOT NULL AND amount > 0
                                        AND payout > amount), 0) AS profitable,
           bool_or(payout IS NOT NULL AND amount > 0) AS ranks_moved
    FROM unnest(a_signs, a_strategies, a_amounts, a_payouts) AS c(sign, strategy_id, amount, payout)
    GROUP BY strategy_id
    ORDER BY strategy_id
  LOOP
    INSERT INTO copier_outcomes (strategy_id) VALUES (s.strategy_id) ON CONFLICT DO NOTHING;
    SELECT o.closed + s.closed, o.marker_keys, o.marker_ids INTO n_new, keys, m_ids
    FROM copier_outcomes o WHERE o.strategy_id = s.strategy_id FOR UPDATE;
    IF s.ranks_moved THEN
      -- The strategy's closed copies this statement added (net > 0) or took away (net < 0).
      SELECT array_agg(key), array_agg(id), array_agg(net) INTO e_keys, e_ids, e_nets
      FROM (
        SELECT copy_return_key(payout, amount) AS key, id, sum(sign) AS net
        FROM unnest(a_signs, a_strategies, a_ids, a_amounts, a_payouts)
          AS c(sign, strategy_id, id, amount, payout)
        WHERE strategy_id = s.strategy_id AND payout IS NOT NULL AND amount > 0
        GROUP BY 1, 2 HAVING sum(sign) <> 0
      ) e;
      FOR slot IN 1..3 LOOP
        p := slot * 0.25;
        mk := keys[slot];
        mi := m_ids[slot];
        IF n_new = 0 THEN
          keys[slot] := NULL;
          m_ids[slot] := NULL;
          CONTINUE;
        END IF;
        target := floor((n_new - 1) * p);
        -- The marker's rank now: its rank before, plus the closed copies this statement put
        -- before it, less those it took away from before it.
        SELECT coalesce(bool_or(net < 0 AND key = mk AND id = mi), false),
               coalesce(sum(net) FILTER (WHERE (key, id) < (mk, mi)), 0)
        INTO removed, rank_now
        FROM unnest(e_keys, e_ids, e_nets) AS e(key, id, net);
        IF mk IS NULL OR removed THEN
          -- No marker yet (the first closes), or its copy went (a deleted row): found afresh.
          SELECT copy_return_key(t.payout_cents, t.amount_cents), t.id INTO mk, mi
          FROM trades t
          WHERE t.strategy_id = s.strategy_id AND t.book = 'real'
            AND t.payout_cents IS NOT NULL AND t.amount_cents > 0
          ORDER BY copy_return_key(t.payout_cents, t.amount_cents), t.id
          OFFSET target LIMIT 1;
        ELSE
          step := target - (floor((n_new - s.closed - 1) * p)::bigint + rank_now);
          IF step > 0 THEN
            SELECT copy_return_key(t.payout_cents, t.amount_cents), t.id INTO mk, mi
            FROM trades t
            WHERE t.strategy_id = s.strategy_id AND t.book = 'real'
              AND t.payout_cents IS NOT NULL AND t.amount_cents > 0
              AND (copy_return_key(t.payout_cents, t.amount_cents), t.id) > (mk, mi)
            ORDER BY copy_return_key(t.payout_cents, t.amount_cents), t.id
            OFFSET step - 1 LIMIT 1;
          ELSIF step < 0 THEN
            SELECT copy_return_key(t.payout_cents, t.amount_cents), t.id INTO mk, mi
            FROM trades t
            WHERE t.strategy_id = s.strategy_id AND t.book = 'real'
              AND t.payout_cents IS NOT NULL AND t.amount_cents > 0
              AND (copy_return_key(t.payout_cents, t.amount_cents), t.id) < (mk, mi)
            ORDER BY copy_return_key(t.payout_cents, t.amount_cents) DESC, t.id DESC
            OFFSET -step - 1 LIMIT 1;
          END IF;
        END IF;
        keys[slot] := mk;
        m_ids[slot] := mi;
      END LOOP;
    END IF;
    UPDATE copier_outcomes o
    SET opened = o.opened + s.opened, closed = n_new, profitable = o.profitable + s.profitable,
        marker_keys = keys, marker_ids = m_ids
    WHERE o.strategy_id = s.strategy_id;
  END LOOP;
END
$$;

CREATE FUNCTION copier_record_copies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_signs integer[];
  v_strategies uuid[];
  v_ids uuid[];
  v_opened timestamptz[];
  v_closed timestamptz[];
  v_units numeric[];
  v_amounts bigint[];
  v_payouts bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(1), array_agg(strategy_id), array_agg(id), array_agg(opened_at),
           array_agg(closed_at), array_agg(n.units), array_agg(amount_cents),
           array_agg(payout_cents)
    INTO v_signs, v_strategies, v_ids, v_opened, v_closed, v_units, v_amounts, v_payouts
    FROM new_copies n WHERE n.book = 'real';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(-1), array_agg(strategy_id), array_agg(id), array_agg(opened_at),
           array_agg(closed_at), array_agg(o.units), array_agg(amount_cents),
           array_agg(payout_cents)
    INTO v_signs, v_strategies, v_ids, v_opened, v_closed, v_units, v_amounts, v_payouts
    FROM old_copies o WHERE o.book = 'real';
  ELSE
    -- Only the copies whose figures' columns changed: as they were, taken away; as they are, added.
    SELECT array_agg(sign), array_agg(strategy_id), array_agg(id), array_agg(opened_at),
           array_agg(closed_at), array_agg(x.units), array_agg(amount_cents),
           array_agg(payout_cents)
    INTO v_signs, v_strategies, v_ids, v_opened, v_closed, v_units, v_amounts, v_payouts
    FROM (
      (SELECT -1 AS sign, strategy_id, id, opened_at, closed_at, o.units, amount_cents,
              payout_cents
       FROM old_copies o WHERE book = 'real'
       EXCEPT
       SELECT -1, strategy_id, id, opened_at, closed_at, n.units, amount_cents, payout_cents
       FROM new_copies n WHERE book = 'real')
      UNION ALL
      (SELECT 1, strategy_id, id, opened_at, closed_at, n.units, amount_cents, payout_cents
       FROM new_copies n WHERE book = 'real'
       EXCEPT
       SELECT 1, strategy_id, id, opened_at, closed_at, o.units, amount_cents, payout_cents
       FROM old_copies o WHERE book = 'real')
    ) x;
  END IF;
  IF v_signs IS NOT NULL THEN
    PERFORM copier_record_apply(v_signs, v_strategies, v_ids, v_opened, v_closed, v_units,
                                v_amounts, v_payouts);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER trades_record_insert
  AFTER INSERT ON trades REFERENCING NEW TABLE AS new_copies
  FOR EACH STATEMENT EXECUTE FUNCTION copier_record_copies();
CREATE TRIGGER trades_record_update
  AFTER UPDATE ON trades REFERENCING OLD TABLE AS old_copies NEW TABLE AS new_copies
  FOR EACH STATEMENT EXECUTE FUNCTION copier_record_copies();
CREATE TRIGGER trades_record_delete
  AFTER DELETE ON trades REFERENCING OLD TABLE AS old_copies
  FOR EACH STATEMENT EXECUTE FUNCTION copier_record_copies();

-- The copies already there, set-based: one pass grouping trades by strategy and day, one ranking
-- the closed copies of each strategy.
INSERT INTO copying_days (strategy_id, day, copiers, units)
SELECT strategy_id, day, sum(copiers), sum(units) FROM (
  SELECT strategy_id, (opened_at AT TIME ZONE 'UTC')::date AS day, 1 AS copiers, units
  FROM trades WHERE book = 'real'
  UNION ALL
  SELECT strategy_id, (closed_at AT TIME ZONE 'UTC')::date, -1, -units
  FROM trades WHERE book = 'real' AND closed_at IS NOT NULL
) e
GROUP BY strategy_id, day HAVING sum(copiers) <> 0 OR sum(units) <> 0;

INSERT INTO copier_outcomes (strategy_id, opened, closed, profitable, marker_keys, marker_ids)
SELECT c.strategy_id, c.opened, c.closed, c.profitable,
       ARRAY[max(r.key) FILTER (WHERE r.rank = floor((c.closed - 1) * 0.25)),
             max(r.key) FILTER (WHERE r.rank = floor((c.closed - 1) * 0.5)),
             max(r.key) FILTER (WHERE r.rank = floor((c.closed - 1) * 0.75))],
       ARRAY[(array_agg(r.id) FILTER (WHERE r.rank = floor((c.closed - 1) * 0.25)))[1],
             (array_agg(r.id) FILTER (WHERE r.rank = floor((c.closed - 1) * 0.5)))[1],
             (array_agg(r.id) FILTER (WHERE r.rank = floor((c.closed - 1) * 0.75)))[1]]
FROM (
  SELECT strategy_id, count(*)::integer AS opened,
         count(*) FILTER (WHERE payout_cents IS NOT NULL AND amount_cents > 0)::integer AS closed,
         count(*) FILTER (WHERE payout_cents IS NOT NULL AND amount_cents > 0
                            AND payout_cents > amount_cents)::integer AS profitable
  FROM trades WHERE book = 'real' GROUP BY strategy_id
) c
LEFT JOIN (
  SELECT strategy_id, copy_return_key(payout_cents, amount_cents) AS key, id,
         row_number() OVER (PARTITION BY strategy_id
                            ORDER BY copy_return_key(payout_cents, amount_cents), id) - 1 AS rank
  FROM trades WHERE book = 'real' AND payout_cents IS NOT NULL AND amount_cents > 0
) r ON r.strategy_id = c.strategy_id
GROUP BY c.strategy_id, c.opened, c.closed, c.profitable;
