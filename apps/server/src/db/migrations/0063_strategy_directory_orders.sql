-- The directory's orders (issue 43): one index per order, so a page of the directory in any order
-- is an index range and a limit, whatever the number of strategies, never a sort of every row.
--
-- Each index is on the order's key as GET /api/strategies/directory sorts by it
-- (copy-trading/strategies/directory.repo.ts, expression for expression, so the planner matches
-- them): an ascending key that is never null, then the strategy's id for ties. A figure sorted
-- highest first is negated; a figure not known yet becomes Infinity (after every real figure), so
-- a strategy without it comes last. The keyset cursor is the last row's (key, id).
CREATE INDEX strategy_figures_by_return_7d
  ON strategy_figures ((-COALESCE(return_7d_pct, '-Infinity'::numeric)), strategy_id);
CREATE INDEX strategy_figures_by_return_30d
  ON strategy_figures ((-COALESCE(return_30d_pct, '-Infinity'::numeric)), strategy_id);
CREATE INDEX strategy_figures_by_return_90d
  ON strategy_figures ((-COALESCE(return_90d_pct, '-Infinity'::numeric)), strategy_id);
CREATE INDEX strategy_figures_by_return_1y
  ON strategy_figures ((-COALESCE(return_1y_pct, '-Infinity'::numeric)), strategy_id);
CREATE INDEX strategy_figures_by_return_all
  ON strategy_figures ((-COALESCE(return_all_pct, '-Infinity'::numeric)), strategy_id);
-- Smallest fall from a peak over the whole record first.
CREATE INDEX strategy_figures_by_drawdown
  ON strategy_figures ((COALESCE(record_max_drawdown_pct, 'Infinity'::numeric)), strategy_id);
-- Lowest risk score first.
CREATE INDEX strategy_figures_by_risk
  ON strategy_figures ((COALESCE(risk_score::numeric, 'Infinity'::numeric)), strategy_id);
-- Most copiers, most money copying it first.
CREATE INDEX strategy_figures_by_copiers
  ON strategy_figures ((-(copiers::numeric)), strategy_id);
CREATE INDEX strategy_figures_by_aum
  ON strategy_figures ((-(aum_cents::numeric)), strategy_id);
-- Longest record (earliest start) first.
CREATE INDEX strategy_figures_by_age
  ON strategy_figures ((COALESCE(started_at, 'infinity'::timestamptz)), strategy_id);
