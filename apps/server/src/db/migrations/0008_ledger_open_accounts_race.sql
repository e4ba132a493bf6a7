-- Two first withdrawals of one user at the same instant both open its hold account. With
-- `ON CONFLICT (code)` only the code index was the arbiter: when the other insert was seen first
-- on the (user_id, kind) index, PostgreSQL raised a unique violation there (a 500) instead of
-- doing nothing. Any conflict means the account exists: the same function, with no arbiter.
CREATE OR REPLACE FUNCTION ledger_post_entry(
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
    ON CONFLICT DO NOTHING;

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
