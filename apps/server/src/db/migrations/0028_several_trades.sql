-- A user may copy several plans at once: at most one open trade per plan (so one per strategy
-- behind it), and at most MAX_OPEN_TRADES in all (counted under a per-user lock by the invest,
-- trades.repo.ts lockOpenTradesOfUser). The old index allowed one open trade per user.

DROP INDEX trades_one_open_per_user;
CREATE UNIQUE INDEX trades_one_open_per_plan ON trades (user_id, plan_id) WHERE status = 'open';
