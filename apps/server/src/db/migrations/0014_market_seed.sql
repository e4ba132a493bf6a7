-- The simulated market's seed, drawn at random on first start when MARKET_SEED is not set, so
-- nobody can compute the coming prices from the source code. One row; never sent to a client.
CREATE TABLE market_secret (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  seed bigint NOT NULL CHECK (seed BETWEEN 0 AND 4294967295),
  created_at timestamptz NOT NULL DEFAULT now()
);
