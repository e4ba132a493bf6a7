-- The plans copying each strategy found by an index (issue 43): the directory reads the plans of
-- its page's strategies only. It read every plan each request, and at 10,000 strategies (one
-- plan each) that was most of its time (directory p95 10.8 -> 53.2 ms over 100 strategies).
CREATE INDEX plans_strategy_idx ON plans (strategy_id);
