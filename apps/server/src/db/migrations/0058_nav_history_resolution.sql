-- NAV history at decreasing resolution (issue 43): minute points for the last two days, each
-- hour's last NAV for the last 31 whole days, and before that, per UTC day, the day's last NAV
-- plus the few hourly NAVs its drawdown depends on. The rule is this one function, used by the
-- hourly compaction job (copy-trading/strategies/nav-history.ts) and by this migration; the
-- boundaries are the job's (domain/nav-history.ts), repeated below for the existing history.
--
-- Every point kept is a NAV that was recorded, at the instant it was recorded: an hour or a day is
-- represented by its last NAV (its close), never by an average, so a return between two period
-- ends is exactly the return the minute points gave. The drawdown, read from hourly NAVs, would
-- miss a fall and recovery within a day if only the day's close were kept (a figure that silently
-- got better), so a compacted day also keeps its lowest and highest hourly NAV and the peak and
-- trough of its deepest fall within the day: with those, the maximum drawdown, the running peak
-- and each day's deepest point of the drawdown chart are exactly those of the hourly NAVs.
-- Each strategy's first point and its first hour's close are kept (the "all" return starts at the
-- first; the monthly table and the directory's start date at the second).

-- The points of [p_from, p_hours_before) to keep: all hours' closes from p_days_before on; before
-- it, per UTC day, the close, the earliest lowest and highest hourly close, and the trough and
-- peak of the day's deepest fall. p_from and p_days_before are UTC day boundaries (or -infinity),
-- p_hours_before an hour boundary, p_days_before <= p_hours_before.
CREATE FUNCTION nav_snapshots_kept(
  p_from timestamptz, p_hours_before timestamptz, p_days_before timestamptz
) RETURNS TABLE (strategy_id uuid, at timestamptz, nav numeric)
LANGUAGE sql STABLE AS $$
  WITH span AS (
    SELECT n.strategy_id, n.at, n.nav,
      lead(n.at) OVER (PARTITION BY n.strategy_id ORDER BY n.at) AS next_at
    FROM nav_snapshots n
    WHERE n.at >= p_from AND n.at < p_hours_before
  ),
  closes AS (
    SELECT s.strategy_id, s.at, s.nav, date_trunc('day', s.at, 'UTC') AS day
    FROM span s
    WHERE s.next_at IS NULL
       OR date_trunc('hour', s.next_at, 'UTC') <> date_trunc('hour', s.at, 'UTC')
  ),
  days AS (
    SELECT c.*, max(c.nav) OVER (PARTITION BY c.strategy_id, c.day ORDER BY c.at) AS peak
    FROM closes c WHERE c.at < p_days_before
  ),
  ranked AS (
    SELECT d.*,
      row_number() OVER (PARTITION BY d.strategy_id, d.day ORDER BY d.at DESC) AS by_close,
      row_number() OVER (PARTITION BY d.strategy_id, d.day ORDER BY d.nav, d.at) AS by_low,
      row_number() OVER (PARTITION BY d.strategy_id, d.day ORDER BY d.nav DESC, d.at) AS by_high,
      -- The deepest fall from the day's running peak (exact order: NAVs have at most 10 decimals).
      row_number() OVER (PARTITION BY d.strategy_id, d.day ORDER BY
        CASE WHEN d.peak > 0 THEN d.nav::numeric(1000, 60) / d.peak ELSE 1 END, d.at) AS by_fall
    FROM days d
  ),
  falls AS (SELECT r.strategy_id, r.day, r.peak FROM ranked r WHERE r.by_fall = 1 AND r.nav < r.peak),
  peaks AS (
    SELECT DISTINCT ON (r.strategy_id, r.day) r.strategy_id, r.at, r.nav
    FROM ranked r JOIN falls f ON f.strategy_id = r.strategy_id AND f.day = r.day AND r.nav = f.peak
    ORDER BY r.strategy_id, r.day, r.at
  ),
  firsts AS (
    SELECT f.strategy_id, f.at, f.nav
    FROM (SELECT DISTINCT s.strategy_id FROM span s) ids
    CROSS JOIN LATERAL (
      SELECT n.strategy_id, n.at, n.nav FROM nav_snapshots n
      WHERE n.strategy_id = ids.strategy_id ORDER BY n.at LIMIT 1
    ) f
  )
  SELECT c.strategy_id, c.at, c.nav FROM closes c WHERE c.at >= p_days_before
  UNION
  SELECT r.strategy_id, r.at, r.nav FROM ranked r
  WHERE r.by_close = 1 OR r.by_low = 1 OR r.by_high = 1 OR (r.by_fall = 1 AND r.nav < r.peak)
  UNION
  SELECT p.strategy_id, p.at, p.nav FROM peaks p
  UNION
  SELECT f.strategy_id, f.at, f.nav FROM firsts f WHERE f.at >= p_from
  UNION
  SELECT c.strategy_id, c.at, c.nav FROM closes c JOIN firsts f ON f.strategy_id = c.strategy_id
    AND date_trunc('hour', c.at, 'UTC') = date_trunc('hour', f.at, 'UTC')
$$;

-- The existing history, compacted once (the job's boundaries at the migration's instant: minute
-- points for two days, hourly for the 31 whole days before). Rebuilt rather than deleted from:
-- on a year of minute points nearly every row goes, and copying the few kept is far cheaper than
-- deleting the many (test/nav-history-migration.test.ts times it: NAV_MIGRATION_STRATEGIES).
CREATE TEMP TABLE nav_kept ON COMMIT DROP AS
  SELECT k.strategy_id, k.at, k.nav
  FROM nav_snapshots_kept(
    '-infinity',
    date_trunc('hour', now(), 'UTC') - interval '2 days',
    date_trunc('day', now() - interval '31 days', 'UTC')
  ) k
  UNION ALL
  SELECT n.strategy_id, n.at, n.nav FROM nav_snapshots n
  WHERE n.at >= date_trunc('hour', now(), 'UTC') - interval '2 days';

TRUNCATE nav_snapshots;
INSERT INTO nav_snapshots (strategy_id, at, nav)
  SELECT strategy_id, at, nav FROM nav_kept ORDER BY strategy_id, at;
