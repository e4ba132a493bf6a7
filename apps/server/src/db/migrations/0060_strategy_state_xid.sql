-- A tick that does not reload the world (issue 43).
--
-- The tick leader holds every strategy's valued state (cash per unit and positions) in memory
-- (copy-trading/strategies/strategy-states.ts) and reads again only the strategies whose state
-- changed since its last read. state_xid is the transaction that last changed that state; the
-- tick remembers the snapshot of its last read (pg_current_snapshot) and asks for the rows whose
-- state_xid that snapshot did not see:
--   state_xid >= pg_snapshot_xmin(last) AND NOT pg_visible_in_snapshot(state_xid, last)
-- an index range over the recent changes only. Unlike a counter compared with the highest value
-- seen, this is exact when a transaction that began earlier commits later, and it holds across
-- instances: an order executed on another instance is a committed transaction like any other,
-- and no listener connection can miss it.
--
-- Triggers keep it, so no write path (an order, a demo trader's decision, a new strategy, a hand
-- edit) can forget it. Only what the valuation reads bumps it: cash_per_unit and the positions.
-- The NAV the tick writes (nav, nav_at) does not, nor do pauses, retirements and terms (paused
-- and retired strategies are valued like the others).

ALTER TABLE strategies ADD COLUMN state_xid xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE INDEX strategies_state_xid ON strategies (state_xid);

CREATE FUNCTION strategy_state_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.state_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;

CREATE TRIGGER strategies_state_changed
  BEFORE UPDATE ON strategies
  FOR EACH ROW
  WHEN (OLD.cash_per_unit IS DISTINCT FROM NEW.cash_per_unit)
  EXECUTE FUNCTION strategy_state_changed();

-- A position written or closed changes its strategy's state (once per transaction and strategy).
CREATE FUNCTION strategy_positions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE strategies SET state_xid = pg_current_xact_id()
  WHERE id IN (OLD.strategy_id, NEW.strategy_id) AND state_xid <> pg_current_xact_id();
  RETURN NULL;
END
$$;

CREATE TRIGGER strategy_positions_changed
  AFTER INSERT OR UPDATE OR DELETE ON strategy_positions
  FOR EACH ROW
  EXECUTE FUNCTION strategy_positions_changed();
