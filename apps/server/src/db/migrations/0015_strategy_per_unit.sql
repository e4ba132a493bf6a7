-- A strategy becomes a portfolio PER UNIT (issue: copy engine). Before, a strategy was a pooled
-- fund: cash and position quantities for all its units together, re-weighted under the strategy's
-- row lock by every follower's invest and close. Now the strategy row holds what ONE unit holds;
-- only orders change it, and a follower's trade is its units alone (AUM and copier counts are
-- aggregates over open trades). One unit of the old pool is one unit here, so every open trade
-- keeps its units and its value: each holding is divided by the units outstanding (cash to 30
-- decimals, quantities to 18, both rounded down, as unitOfPool in the trading domain does).

-- Positions first: divide by the units of their strategy; a position that would round to
-- nothing per unit (or of a strategy without units) is dropped.
DELETE FROM strategy_positions p USING strategies s
WHERE s.id = p.strategy_id
  AND (s.units_outstanding <= 0
       OR trunc(p.quantity::numeric(1000, 40) / s.units_outstanding, 18) = 0);

UPDATE strategy_positions p
SET quantity = trunc(p.quantity::numeric(1000, 40) / s.units_outstanding, 18)
FROM strategies s
WHERE s.id = p.strategy_id;

ALTER TABLE strategy_positions RENAME COLUMN quantity TO quantity_per_unit;

-- Cash per unit; a strategy without units keeps its last NAV as one unit's cash.
ALTER TABLE strategies ADD COLUMN cash_per_unit numeric;
UPDATE strategies
SET cash_per_unit = CASE
  WHEN units_outstanding > 0 THEN trunc(cash::numeric(1000, 40) / units_outstanding, 30)
  ELSE nav END;
ALTER TABLE strategies ALTER COLUMN cash_per_unit SET NOT NULL;
ALTER TABLE strategies ALTER COLUMN cash_per_unit SET DEFAULT 1;

-- The pool's totals are gone: units are the followers' (trades.units) and the operator's seed.
ALTER TABLE strategies DROP CONSTRAINT IF EXISTS strategies_check;
ALTER TABLE strategies DROP COLUMN cash;
ALTER TABLE strategies DROP COLUMN units_outstanding;
COMMENT ON COLUMN strategies.seed_units IS
  'Units the operator holds with its seed capital (demo strategies), beside the followers'' trades';

-- Fills written from now on are per unit; the ones before are of the whole pool. (A column added
-- with a default fills existing rows without an UPDATE, so the append-only trigger is not hit.)
ALTER TABLE strategy_fills ADD COLUMN per_unit boolean NOT NULL DEFAULT false;
ALTER TABLE strategy_fills ALTER COLUMN per_unit SET DEFAULT true;
COMMENT ON COLUMN strategy_fills.per_unit IS
  'true: quantity_delta and realised_pnl are per unit; false: of the whole pool (before 0015)';
