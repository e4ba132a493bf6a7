-- What the strategies.figures job keeps between its hourly runs (issue 43), so each run reads the
-- hourly NAVs written since the last one instead of every strategy's whole history.
--
-- The whole record's maximum drawdown, risk score and start are restated from this state and the
-- points since `through`, with the same comparisons as the full computation
-- (domain/record-running.ts): the highest NAV and the deepest fall below it so far (exact ratios,
-- numeric keeps every digit), each UTC day's close over the last year (what the volatility
-- reads), and the volatility of the UTC day (it only moves when the day turns, or when a point
-- of the day before is written after a run read it: kept with the instant of that day's close).
-- No row: nothing kept, the next run folds the whole history (the start-up and back-fills
-- restate from the history and replace the row).
CREATE TABLE strategy_figures_running (
  strategy_id uuid PRIMARY KEY REFERENCES strategies (id) ON DELETE CASCADE,
  -- The hourly NAVs before this instant (an hour's start) are folded in.
  through timestamptz NOT NULL,
  -- The first and the last point folded (null: none yet).
  first_at timestamptz,
  last_at timestamptz,
  last_nav numeric,
  -- The highest NAV folded, and the deepest fall below the highest before it (a ratio).
  peak numeric,
  deepest numeric NOT NULL DEFAULT 0 CHECK (deepest >= 0),
  -- Each UTC day's close before last_at's day, oldest first, over the volatility's year:
  -- [{"at": epoch ms, "nav": "exact text"}].
  closes jsonb NOT NULL DEFAULT '[]',
  -- The volatility stated on the UTC day risk_day (null: not kept), from the day before's close
  -- at risk_close_at (null: none): over how many daily returns and, with 7 or more, its exact
  -- value in % (the risk score's band reads it unrounded).
  risk_day timestamptz,
  risk_close_at timestamptz,
  daily_returns integer CHECK (daily_returns >= 0),
  volatility_pct numeric CHECK (volatility_pct >= 0)
);
