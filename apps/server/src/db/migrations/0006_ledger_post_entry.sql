-- Books one journal entry in ONE round trip (it was four or more: open accounts, lock, entry,
-- postings). Same steps, same order, same rules as before, each statement with a fresh snapshot
-- (VOLATILE, READ COMMITTED), inside the caller's transaction:
--   1. open the missing accounts at zero, codes in sorted order (no deadlock between openers);
--   2. lock every account of the entry in id order (every writer locks in the same order);
--   3. if an account flagged "must stay non-negative" would go below zero, book nothing;
--   4. otherwise insert the entry and its postings (the posting trigger moves the balances; the
--      deferred triggers still check at commit that the entry sums to zero).
-- Returns one row per posting, in posting order: the entry id (NULL when nothing was booked) and
-- the account's balance after the posting (or what it would have been). Which accounts must stay
-- non-negative is the caller's rule (ledger domain), passed in per posting.
CREATE FUNCTION ledger_post_entry(
  p_codes text[],
  p_kinds text[],
  p_user_ids uuid[],
  p_amounts bigint[],
  p_non_negative boolean[],
  p_kind text,
  p_description text,
  p_transaction_id uuid,
  p_idempotency_key_id bigint,
  p_created_by uuid,
  p_created_at timestamptz
) RETURNS TABLE (entry_id bigint, account_code text, balance_after bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  new_entry bigint;
BEGIN
  INSERT INTO ledger_accounts (code, kind, user_id)
    SELECT u.code, u.kind, u.user_id
    FROM unnest(p_codes, p_kinds, p_user_ids) AS u(code, kind, user_id)
    ORDER BY u.code
    ON CONFLICT (code) DO NOTHING;

  PERFORM 1 FROM ledger_accounts a WHERE a.code = ANY (p_codes) ORDER BY a.id FOR UPDATE;

  IF NOT EXISTS (
    SELECT 1
    FROM unnest(p_codes, p_amounts, p_non_negative) AS p(code, amount, keep)
    JOIN ledger_accounts a ON a.code = p.code
    WHERE p.keep AND a.balance + p.amount < 0
  ) THEN
    INSERT INTO journal_entries (kind, description, transaction_id, idempotency_key_id, created_by, created_at)
    VALUES (p_kind, p_description, p_transaction_id, p_idempotency_key_id, p_created_by, p_created_at)
    RETURNING id INTO new_entry;

    INSERT INTO postings (entry_id, account_id, amount)
      SELECT new_entry, a.id, p.amount
      FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS p(code, amount, n)
      JOIN ledger_accounts a ON a.code = p.code
      ORDER BY p.n;
  END IF;

  -- After the postings the stored balance is already the new one; otherwise add the posting.
  RETURN QUERY
    SELECT new_entry,
           p.code,
           CASE WHEN new_entry IS NULL THEN a.balance + p.amount ELSE a.balance END
    FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS p(code, amount, n)
    LEFT JOIN ledger_accounts a ON a.code = p.code
    ORDER BY p.n;
END;
$$;
