-- The rows one batch of stop-loss closes writes, written by SQL alone (bench/cascade-floor.ts):
-- what PostgreSQL's CPU per close is with today's tables, indexes, triggers and ledger function,
-- whatever the process does. Rows of the same tables and sizes as the product's (a trade closed,
-- its credit transaction, its entry of three postings through ledger_post_entries, an alert and
-- its e-mail), not the product's exact texts: a bound for design, not a test of the product.
-- Transaction ids for the credits: 'TNX-ZZ' and four base-36 digits, none the data set has,
-- drawn in order (the product draws random ones; the set-up's ids are random too).
CREATE SEQUENCE floor_tnx_seq;
CREATE TABLE floor_tnx_ids (n bigint PRIMARY KEY, transaction_id text NOT NULL);
INSERT INTO floor_tnx_ids
SELECT row_number() OVER (ORDER BY g), id FROM (
  SELECT g, 'TNX-ZZ' || string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    ((g / (36 ^ k)::bigint) % 36)::int + 1, 1), '' ORDER BY k DESC) AS id
  FROM generate_series(0, 36 * 36 * 36 * 36 - 1) g, generate_series(0, 3) k GROUP BY g) c
WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.transaction_id = c.id);
CREATE OR REPLACE FUNCTION floor_close_batch(p_ids uuid[], p_nav numeric, p_now timestamptz, p_alerts boolean)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t_ids uuid[]; t_users uuid[]; t_amounts bigint[]; t_values bigint[];
  tx_ids uuid[]; t_tnx text[]; n integer;
BEGIN
  SELECT array_agg(id ORDER BY id), array_agg(user_id ORDER BY id), array_agg(amount_cents ORDER BY id),
         array_agg(floor(units * p_nav * 100)::bigint ORDER BY id)
    INTO t_ids, t_users, t_amounts, t_values
  FROM (SELECT id, user_id, amount_cents, units FROM trades
        WHERE id = ANY(p_ids) AND status = 'open' ORDER BY id FOR UPDATE) l;
  n := coalesce(cardinality(t_ids), 0);
  IF n = 0 THEN RETURN 0; END IF;
  t_tnx := ARRAY(SELECT f.transaction_id
                 FROM (SELECT nextval('floor_tnx_seq') AS k FROM generate_series(1, n)) s
                 JOIN floor_tnx_ids f ON f.n = s.k ORDER BY s.k);
  IF p_alerts THEN
  INSERT INTO notifications (user_id, type, params, created_at)
  SELECT u, 'trade_stopped_out', jsonb_build_object('plan', 'Silver', 'tradeId', i, 'amountCents', a, 'payoutCents', v), p_now
  FROM unnest(t_ids, t_users, t_amounts, t_values) AS x(i, u, a, v);
  INSERT INTO mail_outbox (to_address, subject, text_body, html_body, sealed_body, template)
  SELECT 'investor-' || left(u::text, 8) || '@bench.local', 'Your Silver copy was closed by its stop-loss',
         'Hello investor,' || repeat(' text', 45), '<!doctype html><html>' || repeat('<p>body</p>', 270) || v::text, NULL, 'trade_stopped_out'
  FROM unnest(t_users, t_values) AS x(u, v);
  END IF;
  WITH ins AS (
    INSERT INTO transactions (transaction_id, user_id, kind, type, status, amount_cents, description,
      description_parts, book, decided_at, created_at, updated_at)
    SELECT t_tnx[k], u, 'trade_close', 'credit', 'success', v,
      'Trade closed by stop-loss (Silver plan): amount $1,000.00, loss $500.00',
      jsonb_build_object('code', 'trade_close', 'plan', 'Silver', 'reason', 'stop_loss', 'amountCents', a, 'profitCents', v - a),
      'real', p_now, p_now, p_now
    FROM unnest(t_ids, t_users, t_amounts, t_values) WITH ORDINALITY AS x(i, u, a, v, k)
    ORDER BY k
    RETURNING id, user_id
  )
  SELECT array_agg(ins.id ORDER BY x.k) INTO tx_ids
  FROM ins JOIN unnest(t_users) WITH ORDINALITY AS x(u, k) ON x.u = ins.user_id;
  PERFORM * FROM ledger_post_entries(
    (SELECT array_agg(k ORDER BY k, j) FROM generate_series(1, n) k, generate_series(1, 3) j),
    (SELECT array_agg(CASE j WHEN 1 THEN 'platform:strategy_pnl' WHEN 2 THEN 'user:' || t_users[k] || ':available' ELSE 'user:' || t_users[k] || ':invested' END ORDER BY k, j) FROM generate_series(1, n) k, generate_series(1, 3) j),
    (SELECT array_agg(CASE j WHEN 1 THEN 'strategy_pnl' WHEN 2 THEN 'available' ELSE 'invested' END ORDER BY k, j) FROM generate_series(1, n) k, generate_series(1, 3) j),
    (SELECT array_agg(CASE j WHEN 1 THEN NULL ELSE t_users[k] END ORDER BY k, j) FROM generate_series(1, n) k, generate_series(1, 3) j),
    (SELECT array_agg(CASE j WHEN 1 THEN t_amounts[k] - t_values[k] WHEN 2 THEN t_values[k] ELSE -t_amounts[k] END ORDER BY k, j) FROM generate_series(1, n) k, generate_series(1, 3) j),
    (SELECT array_agg(j <> 1 ORDER BY k, j) FROM generate_series(1, n) k, generate_series(1, 3) j),
    array_fill('trade.close'::text, ARRAY[n]),
    array_fill('Trade closed by stop-loss (Silver plan): amount $1,000.00, loss $500.00'::text, ARRAY[n]),
    tx_ids,
    array_fill(NULL::uuid, ARRAY[n]),
    array_fill(p_now, ARRAY[n]),
    false);
  UPDATE trades t SET status = 'closed', closed_at = p_now, close_reason = 'stop_loss', exit_nav = p_nav,
    value_cents = x.v, fee_cents = 0, payout_cents = x.v, close_transaction_id = x.tx
  FROM unnest(t_ids, t_values, tx_ids) AS x(i, v, tx) WHERE t.id = x.i;
  RETURN n;
END $$;
