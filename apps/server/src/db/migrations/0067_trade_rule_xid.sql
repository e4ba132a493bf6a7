-- A quiet tick checks only what can have crossed (issue 43).
--
-- An open copy can cross its stop-loss or take-profit at a tick only if its strategy's NAV moved
-- since the copy was last checked, or if its crossing NAVs (stop_nav, take_profit_nav, 0057)
-- changed since then: opened, funds added or removed, a rule edited. The tick leader knows the
-- first; rule_xid tells it the second. It is the transaction that last set the copy's crossing
-- NAVs, read as 0060 reads strategies.state_xid: the scheduled closes remember the snapshot of
-- their last read (pg_current_snapshot) and ask for the open copies whose rule_xid that snapshot
-- did not see:
--   rule_xid >= pg_snapshot_xmin(last) AND NOT pg_visible_in_snapshot(rule_xid, last)
-- an index range over the recent changes only, exact when a transaction that began earlier
-- commits later, and across instances (any instance changes copies; one leads the tick).
--
-- Kept by the database, so no write path can forget it: a new copy takes it by default; an update
-- that changes a crossing NAV sets it (a trigger named to run after 0057's trades_trigger_navs,
-- which computes them: BEFORE triggers run in name order). It fires on UPDATE OF the columns the
-- NAVs follow from only, and its body runs only when one of the two NAVs changed (the WHEN):
-- one assignment per changed copy, no read. A closed copy is never looked for.
--
-- No rewrite of trades: the column is added without a default (existing copies keep null, which
-- no range finds: the scheduled closes check every strategy once when they start), then the
-- default is set for new rows. The index holds open copies only.

ALTER TABLE trades ADD COLUMN rule_xid xid8;
ALTER TABLE trades ALTER COLUMN rule_xid SET DEFAULT pg_current_xact_id();

CREATE FUNCTION trades_rule_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.rule_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;

CREATE TRIGGER trades_trigger_navs_xid
  BEFORE UPDATE OF amount_cents, units, stop_loss_pct, take_profit_pct, stop_nav, take_profit_nav
  ON trades FOR EACH ROW
  WHEN (OLD.stop_nav IS DISTINCT FROM NEW.stop_nav
        OR OLD.take_profit_nav IS DISTINCT FROM NEW.take_profit_nav)
  EXECUTE FUNCTION trades_rule_changed();

CREATE INDEX trades_open_rule_xid ON trades (rule_xid) WHERE status = 'open';
