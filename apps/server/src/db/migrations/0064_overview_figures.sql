-- The admin overview's figures, kept as the data changes (issue 43: reads that stay flat).
--
-- GET /api/admin/overview counted every user, summed every user ledger account and grouped 30
-- days of the transactions table on each request: at 100,000 users and 10,000,000 transactions
-- that is seconds. Now each figure is the sum of a few rows kept here by triggers, so no writer
-- (the product, a bulk load, a hand edit) can forget one.
--
-- No counter row that every money operation updates: that row would make every invest, close,
-- deposit and withdrawal in the platform wait for each other. A trigger only ever INSERTS a delta
-- row (inserts never wait for each other); a figure is the sum of its rows; and once a minute
-- overview_fold() replaces the rows of each figure by one row holding their sum (a DELETE and an
-- INSERT in one statement: a delta committed meanwhile is neither lost nor counted twice). A read
-- sums a handful of folded rows plus the deltas of the last minute.
--
-- The money figures are the sums of the users' ledger balances by kind (balances change only
-- through postings, so they are the ledger's own figures); the ledger audit checks each kept
-- figure against the sum it stands for (ledger.audit.ts).

-- One row per delta; a figure is sum(amount) over its rows:
--   users.pending | users.active | users.closed  the users in each state (admin list filters)
--   balance.<kind>                               the users' ledger balances of that kind, cents
--   practice.accounts                            practice accounts opened
--   practice.copies                              open practice copies
--   practice.practising                          users with money in a practice copy
CREATE TABLE overview_totals (
  figure text NOT NULL,
  amount bigint NOT NULL
);

-- Approved deposits and paid withdrawals (real money) per UTC day of their decision, as deltas.
CREATE TABLE overview_daily_volumes (
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
  amount_cents bigint NOT NULL
);
CREATE INDEX overview_daily_volumes_day ON overview_daily_volumes (day);

-- A user's state as the admin's user list files it (users.repo's filterCondition).
CREATE FUNCTION overview_user_state(is_active boolean, deleted_at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN deleted_at IS NOT NULL THEN 'users.closed'
              WHEN is_active THEN 'users.active'
              ELSE 'users.pending' END
$$;

-- The day a decided deposit or withdrawal counts on (the same expression the audit recomputes).
CREATE FUNCTION overview_volume_day(decided_at timestamptz, created_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT (coalesce(decided_at, created_at) AT TIME ZONE 'UTC')::date
$$;

-- Users: registrations by statement (a bulk insert is one delta), state changes by row.
CREATE FUNCTION overview_users_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_totals (figure, amount)
    SELECT overview_user_state(u.is_active, u.deleted_at), count(*) FROM new_users u GROUP BY 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_overview_inserted
  AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION overview_users_inserted();

CREATE FUNCTION overview_user_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO overview_totals (figure, amount)
      VALUES (overview_user_state(OLD.is_active, OLD.deleted_at), -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO overview_totals (figure, amount)
      VALUES (overview_user_state(NEW.is_active, NEW.deleted_at), 1);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_overview_moved
  AFTER UPDATE OF is_active, deleted_at ON users
  FOR EACH ROW WHEN (overview_user_state(OLD.is_active, OLD.deleted_at)
                     <> overview_user_state(NEW.is_active, NEW.deleted_at))
  EXECUTE FUNCTION overview_user_moved();
CREATE TRIGGER users_overview_deleted
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION overview_user_moved();

-- Balances: accounts open at zero and are never deleted (0016), so only updates move a figure.
-- By statement: ledger_post_entry moves a user's accounts in one statement, and a bulk booking
-- (the bench's) moves a hundred thousand in one, each a single delta per kind.
CREATE FUNCTION overview_balances_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_totals (figure, amount)
    SELECT m.figure, sum(m.amount)
    FROM (
      SELECT 'balance.' || n.kind AS figure, n.balance - o.balance AS amount,
             CASE WHEN n.kind <> 'practice_invested' OR (n.balance > 0) = (o.balance > 0) THEN 0
                  WHEN n.balance > 0 THEN 1 ELSE -1 END AS practising
      FROM new_accounts n JOIN old_accounts o ON o.id = n.id
      WHERE n.user_id IS NOT NULL AND n.balance <> o.balance
    ) AS c
    -- A user with money in a practice copy is one with open practice copies (amounts are > 0
    -- and the practice invested balance is their sum: the audit's invariant).
    CROSS JOIN LATERAL (VALUES (c.figure, c.amount), ('practice.practising', c.practising))
      AS m(figure, amount)
    WHERE m.amount <> 0
    GROUP BY m.figure;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_accounts_overview
  AFTER UPDATE ON ledger_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION overview_balances_moved();

-- Daily volumes: a deposit or withdrawal counts once it succeeds, on its decision's UTC day;
-- a decided transaction never changes again (transactions_guard). Inserted already decided (a
-- chain credit, a bulk load): by statement; decided later (an approval, a payout): by row, and
-- only the rows that become a success pay for the trigger.
CREATE FUNCTION overview_volumes_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_daily_volumes (day, kind, amount_cents)
    SELECT overview_volume_day(t.decided_at, t.created_at), t.kind, sum(t.amount_cents)
    FROM new_transactions t
    WHERE t.status = 'success' AND t.kind IN ('deposit', 'withdrawal') AND t.book = 'real'
    GROUP BY 1, 2;
  RETURN NULL;
END
$$;
CREATE TRIGGER transactions_overview_inserted
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION overview_volumes_inserted();

CREATE FUNCTION overview_volume_decided() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_daily_volumes (day, kind, amount_cents)
    VALUES (overview_volume_day(NEW.decided_at, NEW.created_at), NEW.kind, NEW.amount_cents);
  RETURN NULL;
END
$$;
CREATE TRIGGER transactions_overview_decided
  AFTER UPDATE OF status ON transactions
  FOR EACH ROW WHEN (OLD.status <> 'success' AND NEW.status = 'success'
                     AND NEW.kind IN ('deposit', 'withdrawal') AND NEW.book = 'real')
  EXECUTE FUNCTION overview_volume_decided();

-- Practice: accounts opened, and open practice copies (a real copy never fires these).
-- One more (an insert, or a copy opening) or one fewer of the figure named by the trigger.
CREATE FUNCTION overview_count_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := 1;
  ELSIF TG_OP = 'DELETE' THEN
    delta := -1;
  ELSIF NEW.status = 'open' THEN
    delta := 1;
  ELSE
    delta := -1;
  END IF;
  INSERT INTO overview_totals (figure, amount) VALUES (TG_ARGV[0], delta);
  RETURN NULL;
END
$$;
CREATE TRIGGER practice_accounts_overview
  AFTER INSERT OR DELETE ON practice_accounts
  FOR EACH ROW EXECUTE FUNCTION overview_count_row('practice.accounts');
CREATE TRIGGER trades_overview_opened
  AFTER INSERT ON trades
  FOR EACH ROW WHEN (NEW.book = 'practice' AND NEW.status = 'open')
  EXECUTE FUNCTION overview_count_row('practice.copies');
CREATE TRIGGER trades_overview_moved
  AFTER UPDATE OF status ON trades
  FOR EACH ROW WHEN (NEW.book = 'practice' AND (OLD.status = 'open') <> (NEW.status = 'open'))
  EXECUTE FUNCTION overview_count_row('practice.copies');

-- Replaces the delta rows of each figure (and of each day since `since`; every day when null) by
-- one row holding their sum, dropping figures that sum to zero. Rows committed while it runs are
-- not in its snapshot: neither deleted nor summed, they are folded next time. Returns the number
-- of rows it removed. Run once a minute by the overview's job (overview.figures.ts).
CREATE FUNCTION overview_fold(since date) RETURNS bigint
LANGUAGE sql AS $$
  WITH totals AS (
    DELETE FROM overview_totals RETURNING figure, amount
  ), totals_kept AS (
    INSERT INTO overview_totals (figure, amount)
      SELECT figure, sum(amount) FROM totals GROUP BY figure HAVING sum(amount) <> 0
      RETURNING 1
  ), volumes AS (
    DELETE FROM overview_daily_volumes WHERE since IS NULL OR day >= since
      RETURNING day, kind, amount_cents
  ), volumes_kept AS (
    INSERT INTO overview_daily_volumes (day, kind, amount_cents)
      SELECT day, kind, sum(amount_cents) FROM volumes GROUP BY day, kind
      HAVING sum(amount_cents) <> 0
      RETURNING 1
  )
  SELECT (SELECT count(*) FROM totals) + (SELECT count(*) FROM volumes)
       - (SELECT count(*) FROM totals_kept) - (SELECT count(*) FROM volumes_kept)
$$;

-- Each figure counted from the rows it stands for: what the triggers keep in step, the fill
-- below, and what the ledger audit compares the kept figures with.
CREATE FUNCTION overview_counted() RETURNS TABLE (figure text, total bigint)
LANGUAGE sql STABLE AS $$
  SELECT overview_user_state(is_active, deleted_at), count(*) FROM users GROUP BY 1
  UNION ALL
  SELECT 'balance.' || kind, sum(balance)::bigint FROM ledger_accounts
  WHERE user_id IS NOT NULL GROUP BY kind
  UNION ALL
  SELECT 'practice.practising', count(*) FROM ledger_accounts
  WHERE kind = 'practice_invested' AND balance > 0
  UNION ALL
  SELECT 'practice.copies', count(*) FROM trades WHERE book = 'practice' AND status = 'open'
  UNION ALL
  SELECT 'practice.accounts', count(*) FROM practice_accounts
$$;

CREATE FUNCTION overview_counted_volumes() RETURNS TABLE (day date, kind text, total bigint)
LANGUAGE sql STABLE AS $$
  SELECT overview_volume_day(decided_at, created_at), kind, sum(amount_cents)::bigint
  FROM transactions
  WHERE status = 'success' AND kind IN ('deposit', 'withdrawal') AND book = 'real'
  GROUP BY 1, 2
$$;

-- The figures of the data as it stands (the triggers above hold the tables' write locks from
-- their creation to this migration's commit: nothing is written meanwhile).
INSERT INTO overview_totals (figure, amount) SELECT figure, total FROM overview_counted();
INSERT INTO overview_daily_volumes (day, kind, amount_cents)
  SELECT day, kind, total FROM overview_counted_volumes();
SELECT overview_fold(NULL);

-- The overview's strategies card (the top strategies by the money copying them) reads a range of
-- the directory's index for the same order (0063's strategy_figures_by_aum).
