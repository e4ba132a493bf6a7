-- Brute-force counters, shared by every instance and worker and kept across restarts. One row per
-- bucket: the SHA-256 of its key ("password:account:<e-mail>", "guess:address:<ip>"...), so no
-- e-mail or address is stored here, and the attempts counted in its current fixed window. A hit
-- is one atomic upsert; rows whose window has ended are reset by the next hit or deleted.
CREATE TABLE rate_limit_buckets (
  key_hash bytea PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  CHECK (window_ends_at > window_started_at)
);
CREATE INDEX rate_limit_buckets_window_ends ON rate_limit_buckets (window_ends_at);
