-- strategy_figures kept in step (issue 43): who keeps which figure, and when.
--
-- - copiers, copied_units, aum_cents: by the triggers below, in the statement that opens, closes
--   or resizes a real copy (the practice book never counts). A statement-level trigger with
--   transition tables: a cascade's batch of 500 closes is one aggregate and one row update.
-- - the window returns and aum_cents: by the tick, for the strategies whose NAV it wrote
--   (strategies/strategy-figures.ts), from the points the windows start at (window_points below,
--   read again when the hour turns); live.
-- - the history figures (30-day average daily return, drawdown and losing days, the record's
--   drawdown, risk, started_at): by the job `strategies.figures` (every 5 minutes), once an hour
--   for the strategies whose NAV moved since and at once for one never stated; as of `as_of`,
--   and the strategy's page states its drawdown and risk score from the same row.
--
-- A copy's units are exact (8 decimals) and a NAV has 10: their product is exact here, as in Dec.

-- The NAV points the window returns are measured from (record.repo's windowPoints at the hour
-- window_hour: the first point and the last point before each window's start), so that a tick
-- states each return from the NAV it wrote without reading the history again.
ALTER TABLE strategy_figures
  ADD COLUMN window_points jsonb,
  ADD COLUMN window_hour timestamptz;

-- as_of is when the history figures were stated: a row whose figures were never stated says so
-- with the epoch (its figures null), not with the instant it was made (which would read as "up
-- to date, and nothing to state", and is the database's clock, not the application's).
ALTER TABLE strategy_figures ALTER COLUMN as_of SET DEFAULT 'epoch';
UPDATE strategy_figures SET as_of = 'epoch';

-- The money copying a strategy: its open real copies' units at one unit's NAV, to the cent below
-- (record.service's definition: nothing when either is not positive). Past bigint's range (units
-- no real copy can hold for its amount: the stop-NAV property test writes such rows) it states
-- bigint's largest value: a figure never refuses the copy's own write.
CREATE FUNCTION strategy_figures_aum(nav numeric, units numeric) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN nav > 0 AND units > 0
    THEN least(floor(nav * units * 100), 9223372036854775807)::bigint ELSE 0 END
$$;

-- Adds each strategy's change of open real copies and of their units, locking the rows in
-- strategy order (two statements over the same strategies never wait on each other in a circle).
CREATE FUNCTION strategy_figures_add_copies(changes jsonb) RETURNS void
LANGUAGE sql AS $$
  WITH d AS (
    SELECT strategy_id, copiers, units
    FROM jsonb_to_recordset(changes) AS d(strategy_id uuid, copiers integer, units numeric)
    WHERE copiers <> 0 OR units <> 0
  ), locked AS (
    SELECT f.strategy_id FROM strategy_figures f
    WHERE f.strategy_id IN (SELECT strategy_id FROM d)
    ORDER BY f.strategy_id FOR NO KEY UPDATE
  )
  UPDATE strategy_figures f
  SET copiers = f.copiers + d.copiers,
      copied_units = f.copied_units + d.units,
      aum_cents = strategy_figures_aum(s.nav, f.copied_units + d.units)
  FROM d, strategies s
  WHERE f.strategy_id = d.strategy_id AND s.id = d.strategy_id
    AND f.strategy_id IN (SELECT strategy_id FROM locked)
$$;

CREATE FUNCTION strategy_figures_copies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('strategy_id', strategy_id, 'copiers', n, 'units', u))
    INTO changes
    FROM (SELECT strategy_id, count(*) AS n, sum(units) AS u FROM new_copies
          WHERE status = 'open' AND book = 'real' GROUP BY strategy_id) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('strategy_id', strategy_id, 'copiers', -n, 'units', -u))
    INTO changes
    FROM (SELECT strategy_id, count(*) AS n, sum(units) AS u FROM old_copies
          WHERE status = 'open' AND book = 'real' GROUP BY strategy_id) c;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('strategy_id', strategy_id, 'copiers', n, 'units', u))
    INTO changes
    FROM (
      SELECT strategy_id, sum(n) AS n, sum(u) AS u FROM (
        SELECT strategy_id, 1 AS n, units AS u FROM new_copies
        WHERE status = 'open' AND book = 'real'
        UNION ALL
        SELECT strategy_id, -1, -units FROM old_copies
        WHERE status = 'open' AND book = 'real'
      ) both_sides GROUP BY strategy_id HAVING sum(n) <> 0 OR sum(u) <> 0
    ) c;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM strategy_figures_add_copies(changes);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER trades_figures_insert
  AFTER INSERT ON trades REFERENCING NEW TABLE AS new_copies
  FOR EACH STATEMENT EXECUTE FUNCTION strategy_figures_copies();
CREATE TRIGGER trades_figures_update
  AFTER UPDATE ON trades REFERENCING OLD TABLE AS old_copies NEW TABLE AS new_copies
  FOR EACH STATEMENT EXECUTE FUNCTION strategy_figures_copies();
CREATE TRIGGER trades_figures_delete
  AFTER DELETE ON trades REFERENCING OLD TABLE AS old_copies
  FOR EACH STATEMENT EXECUTE FUNCTION strategy_figures_copies();

-- Every existing strategy's row, once: its open real copies now. The returns and the history
-- figures come from the domain functions (TypeScript): the first tick and the first run of the
-- figures job after this migration fill them (until then a list reads them live, see
-- strategy-figures.ts).
UPDATE strategy_figures f
SET copiers = c.copiers,
    copied_units = c.units,
    aum_cents = strategy_figures_aum(s.nav, c.units)
FROM (
  SELECT strategy_id, count(*)::integer AS copiers, sum(units) AS units
  FROM trades WHERE status = 'open' AND book = 'real' GROUP BY strategy_id
) c, strategies s
WHERE f.strategy_id = c.strategy_id AND s.id = c.strategy_id;
