-- Copy trading: market data, strategies run by lead traders (or built-in demo traders), NAV history,
-- plans linked to strategies, and followers' trades. PRODUCT.md section 4.
-- Prices, quantities, cash, units and NAV are exact decimals (NUMERIC without a fixed scale, so
-- nothing is rounded by the database); money booked in the ledger stays integer cents.

-- 1-minute candles of every instrument, from the back-fill and the live feed. Prices are decimal.
CREATE TABLE candles (
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,20}$'),
  open_time timestamptz NOT NULL,
  open numeric NOT NULL CHECK (open > 0),
  high numeric NOT NULL CHECK (high > 0),
  low numeric NOT NULL CHECK (low > 0),
  close numeric NOT NULL CHECK (close > 0),
  PRIMARY KEY (symbol, open_time),
  CHECK (high >= low)
);

-- The latest quote of every instrument, written only by the scheduler leader; every instance reads it.
CREATE TABLE market_prices (
  symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]{2,20}$'),
  price numeric NOT NULL CHECK (price > 0),
  open_24h numeric NOT NULL CHECK (open_24h > 0),
  at timestamptz NOT NULL
);

-- A model portfolio: cash plus positions, divided into units (NAV = equity / units).
CREATE TABLE strategies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '',
  -- The built-in rule-based trader that runs it while no lead trader is assigned (demo strategies).
  demo_trader text UNIQUE CHECK (demo_trader IN ('trend-following', 'mean-reversion', 'majors-basket')),
  lead_trader_id uuid REFERENCES users(id),
  -- The operator's starting capital (cents) and the units it holds (0 when it has none).
  seed_capital_cents bigint NOT NULL DEFAULT 0 CHECK (seed_capital_cents >= 0),
  seed_units numeric NOT NULL DEFAULT 0 CHECK (seed_units >= 0),
  cash numeric NOT NULL DEFAULT 0,
  units_outstanding numeric NOT NULL DEFAULT 0 CHECK (units_outstanding >= 0),
  -- The latest NAV per unit and when it was computed (refreshed on every tick).
  nav numeric NOT NULL DEFAULT 1 CHECK (nav >= 0),
  nav_at timestamptz,
  -- The last bar end a demo trader decided at.
  last_decision_at timestamptz,
  paused_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (seed_units <= units_outstanding)
);
-- A lead trader runs one strategy.
CREATE UNIQUE INDEX strategies_lead_trader_unique ON strategies (lead_trader_id)
  WHERE lead_trader_id IS NOT NULL;

CREATE TABLE strategy_positions (
  strategy_id uuid NOT NULL REFERENCES strategies(id),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  quantity numeric NOT NULL CHECK (quantity > 0),
  entry_price numeric NOT NULL CHECK (entry_price > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (strategy_id, symbol)
);

-- Every executed change of a position, at the feed price of that instant. Append-only.
CREATE TABLE strategy_fills (
  id bigserial PRIMARY KEY,
  strategy_id uuid NOT NULL REFERENCES strategies(id),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  quantity_delta numeric NOT NULL CHECK (quantity_delta <> 0),
  price numeric NOT NULL CHECK (price > 0),
  realised_pnl numeric NOT NULL DEFAULT 0,
  reason text NOT NULL CHECK (reason IN ('order', 'demo', 'subscription', 'redemption')),
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX strategy_fills_strategy_idx ON strategy_fills (strategy_id, id DESC);
CREATE TRIGGER strategy_fills_append_only BEFORE UPDATE OR DELETE ON strategy_fills
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- NAV history: at most one point per strategy per minute (the back-fill stores one per hour).
CREATE TABLE nav_snapshots (
  strategy_id uuid NOT NULL REFERENCES strategies(id),
  at timestamptz NOT NULL,
  nav numeric NOT NULL CHECK (nav >= 0),
  PRIMARY KEY (strategy_id, at)
);

ALTER TABLE plans ADD COLUMN strategy_id uuid REFERENCES strategies(id);

-- A follower's copy of a strategy (PRODUCT.md section 3: trades are rows).
CREATE TABLE trades (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  plan_id uuid NOT NULL REFERENCES plans(id),
  strategy_id uuid NOT NULL REFERENCES strategies(id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  units numeric NOT NULL CHECK (units > 0),
  entry_nav numeric NOT NULL CHECK (entry_nav > 0),
  high_water_nav numeric NOT NULL CHECK (high_water_nav > 0),
  -- The plan's fee when the trade opened (a later plan edit does not change a running trade).
  performance_fee_pct numeric(5, 2) NOT NULL CHECK (performance_fee_pct BETWEEN 0 AND 100),
  stop_loss_pct integer NOT NULL CHECK (stop_loss_pct BETWEEN 5 AND 95),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  opened_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  closed_at timestamptz,
  close_reason text CHECK (close_reason IN ('claim', 'close', 'stop_loss', 'term_end')),
  exit_nav numeric,
  value_cents bigint CHECK (value_cents >= 0),
  fee_cents bigint CHECK (fee_cents >= 0),
  payout_cents bigint CHECK (payout_cents >= 0),
  open_transaction_id uuid REFERENCES transactions(id),
  close_transaction_id uuid REFERENCES transactions(id),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
  CHECK (status = 'open' OR (close_reason IS NOT NULL AND exit_nav IS NOT NULL
    AND value_cents IS NOT NULL AND fee_cents IS NOT NULL AND payout_cents IS NOT NULL
    AND payout_cents + fee_cents = value_cents))
);
-- One open trade per user.
CREATE UNIQUE INDEX trades_one_open_per_user ON trades (user_id) WHERE status = 'open';
CREATE INDEX trades_open_idx ON trades (strategy_id) WHERE status = 'open';
CREATE INDEX trades_user_idx ON trades (user_id, opened_at DESC);

-- A closed trade never changes again.
CREATE FUNCTION trades_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'trades are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'trade % is closed', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.user_id <> OLD.user_id OR NEW.amount_cents <> OLD.amount_cents OR NEW.units <> OLD.units
     OR NEW.entry_nav <> OLD.entry_nav OR NEW.strategy_id <> OLD.strategy_id THEN
    RAISE EXCEPTION 'trade % money fields are immutable', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER trades_guard BEFORE UPDATE OR DELETE ON trades
  FOR EACH ROW EXECUTE FUNCTION trades_guard();
