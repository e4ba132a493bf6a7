-- A retired strategy can be handed to another lead trader (issue 39): it runs again under them,
-- and the trader it was taken from is remembered here, so the one-strategy-per-trader rule still
-- counts it for them (a trader cannot have a record handed away and start a clean one).
ALTER TABLE strategies
  ADD COLUMN former_lead_trader_ids uuid[] NOT NULL DEFAULT '{}';
