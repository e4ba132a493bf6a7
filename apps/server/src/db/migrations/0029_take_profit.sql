-- A copy's optional take-profit: the trade closes by itself, through the scheduled closes at one
-- NAV for every copier crossed, once its gain is at least this percentage of what was put in.
-- Editable while the trade is open, like the stop-loss (the trades guard does not watch it).

ALTER TABLE trades
  ADD COLUMN take_profit_pct integer CHECK (take_profit_pct BETWEEN 1 AND 1000);

ALTER TABLE trades DROP CONSTRAINT trades_close_reason_check;
ALTER TABLE trades ADD CONSTRAINT trades_close_reason_check
  CHECK (close_reason IN ('claim', 'close', 'stop_loss', 'take_profit', 'term_end'));

-- The scheduled closes look for crossed take-profits among a strategy's open trades.
CREATE INDEX trades_open_take_profit ON trades (strategy_id)
  WHERE status = 'open' AND take_profit_pct IS NOT NULL;
