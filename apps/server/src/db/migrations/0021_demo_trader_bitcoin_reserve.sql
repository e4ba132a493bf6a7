-- One demo strategy per seeded plan (issue 17, finding 6h): Basic and Platinum both copied the
-- Majors Basket and showed each other's copiers. A fourth built-in trader, Bitcoin Reserve,
-- is allowed; start-up creates it and moves the untouched seeded Platinum link to it.
ALTER TABLE strategies DROP CONSTRAINT IF EXISTS strategies_demo_trader_check;
ALTER TABLE strategies ADD CONSTRAINT strategies_demo_trader_check
  CHECK (demo_trader IN ('trend-following', 'mean-reversion', 'majors-basket', 'bitcoin-reserve'));
