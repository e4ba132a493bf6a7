-- The admin overview's balance figures (0064) summed by kind before they are named (issue 43: the
-- stop-loss cascade's PostgreSQL CPU).
--
-- ledger_accounts_overview runs once per statement that moves balances: in a cascade, the ledger
-- function's update of a batch's ~1,000 user accounts. It gave each changed account two rows (its
-- balance figure, named 'balance.' || kind, and its practising count), then grouped the ~2,000
-- rows by that text. Now the changed accounts are summed by kind first and the few sums named
-- after. The same delta rows: one per kind with a changed account (its sum), and one for
-- 'practice.practising' when a practice invested balance crossed zero (the sum of those crossings;
-- only that kind can cross). Measured on a scratch database (the cascade's 10,000 copies, the
-- update of 1,000 user accounts, backend CPU from /proc, 3 x 60 runs alternating on a loaded
-- machine): 14.4 -> 13.0 ms a statement (means), about 1.3 ms of each batch of 500 closes. In
-- bench/cascade-profile.ts 10000 (5 runs each side alternately, load 6-12) the trigger's INSERT
-- left the top 25 statements (112-171 ms -> under 78-127); the PostgreSQL CPU of the whole cascade
-- (medians 2140 -> 2180 ms, with markClosed's change) cannot show a gain this size.
CREATE OR REPLACE FUNCTION overview_balances_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_totals (figure, amount)
    SELECT m.figure, m.amount
    FROM (
      SELECT n.kind, sum(n.balance - o.balance) AS moved,
             -- A user with money in a practice copy is one with open practice copies (amounts
             -- are > 0 and the practice invested balance is their sum: the audit's invariant).
             sum(CASE WHEN n.kind <> 'practice_invested' OR (n.balance > 0) = (o.balance > 0)
                      THEN 0 WHEN n.balance > 0 THEN 1 ELSE -1 END) AS practising,
             bool_or(n.kind = 'practice_invested' AND (n.balance > 0) <> (o.balance > 0))
               AS crossed
      FROM new_accounts n JOIN old_accounts o ON o.id = n.id
      WHERE n.user_id IS NOT NULL AND n.balance <> o.balance
      GROUP BY n.kind
    ) AS c
    CROSS JOIN LATERAL (VALUES ('balance.' || c.kind, c.moved, true),
                               ('practice.practising', c.practising, c.crossed))
      AS m(figure, amount, kept)
    WHERE m.kept;
  RETURN NULL;
END
$$;
