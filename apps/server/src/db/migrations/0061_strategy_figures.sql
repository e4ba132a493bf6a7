-- Each strategy's headline figures, kept as the data changes (issue 43: reads that stay flat).
--
-- The directory, the lists, the plan cards and the admin overview read a strategy's figures from
-- this row instead of computing them from the NAV history and the open copies on every request,
-- so a page of the directory sorted by any figure is an index range, whatever the number of
-- strategies. Every figure here is the one the strategy's own page states (the same functions,
-- the same definitions: docs/strategy-record.md), kept in step by whoever changes what it depends
-- on; a row is never a guess: a figure not known yet is null.
--
-- Percentages are stored as the exact decimal text the API states ("12.50"): numeric keeps the
-- scale it is given, so the stored value reads back as the same text and sorts as a number.
CREATE TABLE strategy_figures (
  strategy_id uuid PRIMARY KEY REFERENCES strategies (id) ON DELETE CASCADE,
  -- The return over each window of shared/return-windows.ts, in %; null: not enough history.
  return_7d_pct numeric,
  return_30d_pct numeric,
  return_90d_pct numeric,
  return_1y_pct numeric,
  return_all_pct numeric,
  -- The card's 30-day figures (domain/metrics.ts).
  avg_daily_return_pct numeric,
  max_drawdown_pct numeric,
  losing_days integer,
  -- The whole record's (domain/strategy-record.ts).
  record_max_drawdown_pct numeric,
  risk_score integer CHECK (risk_score BETWEEN 1 AND 10),
  started_at timestamptz,
  -- The real book's open copies (the practice book never counts) and the money in them.
  copiers integer NOT NULL DEFAULT 0 CHECK (copiers >= 0),
  copied_units numeric NOT NULL DEFAULT 0 CHECK (copied_units >= 0),
  aum_cents bigint NOT NULL DEFAULT 0 CHECK (aum_cents >= 0),
  -- When the figures were last brought up to date.
  as_of timestamptz NOT NULL DEFAULT now()
);

INSERT INTO strategy_figures (strategy_id) SELECT id FROM strategies;

-- Every strategy has its row from the moment it exists (figures null, nothing copied yet).
CREATE FUNCTION strategy_figures_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO strategy_figures (strategy_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER strategies_figures_row
  AFTER INSERT ON strategies
  FOR EACH ROW
  EXECUTE FUNCTION strategy_figures_row();
