-- The copying chart must not rewrite the past (issue 43; docs/strategy-record.md): a copy held
-- the units it opened with until its first funds change, and each add, removal or claim changes
-- them from its own instant on. 0066 kept a copy's units on its opening day, so a change moved
-- every past day of the chart with it.
--
-- 0066's trigger on trades still books a copy's units now on the day it opened (and takes them
-- away on the day it closes); the trigger below, in the same transaction as the change
-- (trades.repo changePosition writes the copy and its trade_changes row together), moves each
-- recorded change from the opening day to the day of its created_at — the instant the change was
-- booked at, the one the domain reads (copyUnitSteps: opening units = units now − the recorded
-- changes). So the kept days equal copyingOverTime over every copy and its trade_changes, and a
-- units change with no record stays on the opening day, as the domain counts it. The trades
-- update before the change's row has locked 0062's strategy_figures row of the strategy already:
-- the lock order stays 0066's.

-- A funds change's units, signed: bought by an add, redeemed by a removal or a claim.
CREATE FUNCTION trade_change_units(kind text, units numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN kind = 'add' THEN units ELSE -units END
$$;

-- Moves the funds changes `ids` of real copies from the copy's opening day to their own.
CREATE FUNCTION copying_days_book_changes(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO copying_days AS d (strategy_id, day, copiers, units)
  SELECT t.strategy_id, (x.at AT TIME ZONE 'UTC')::date, 0,
         sum(x.sign * trade_change_units(c.kind, c.units))
  FROM trade_changes c
  JOIN trades t ON t.id = c.trade_id AND t.book = 'real'
  CROSS JOIN LATERAL (VALUES (t.opened_at, -1), (c.created_at, 1)) x(at, sign)
  WHERE c.id = ANY(ids)
  GROUP BY 1, 2 HAVING sum(x.sign * trade_change_units(c.kind, c.units)) <> 0
  ORDER BY 1, 2
  ON CONFLICT (strategy_id, day) DO UPDATE SET units = d.units + EXCLUDED.units
$$;

CREATE FUNCTION copying_days_funds_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM copying_days_book_changes(ARRAY(SELECT id FROM new_changes));
  RETURN NULL;
END
$$;
CREATE TRIGGER trade_changes_copying_days AFTER INSERT ON trade_changes
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT
  EXECUTE FUNCTION copying_days_funds_changes();

-- The changes booked before 0073, moved to their own days: 0066's fill and triggers kept them on
-- their copies' opening days (each copy with its units now), which is what 0066's rows still are.
SELECT copying_days_book_changes(ARRAY(SELECT id FROM trade_changes));
