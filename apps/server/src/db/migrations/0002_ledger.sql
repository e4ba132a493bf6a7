-- Money: payment methods, idempotency keys, user-facing transactions and the double-entry ledger.
-- PRODUCT.md section 5. The rules that keep the books right live here, in the database:
--   * every journal entry sums to zero (deferred constraint trigger, checked at commit);
--   * journal entries and postings are append-only;
--   * an account's balance changes only through postings (trigger), so it always equals their sum;
--   * user accounts never go below zero (CHECK on kind);
--   * a transaction leaves `pending` at most once, and its money fields never change (trigger);
--   * one business operation is booked at most once (UNIQUE (transaction_id, kind) on entries).

-- Payment methods: where users send deposits (crypto address or bank account). Retired, never deleted,
-- so history keeps its method.
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('crypto', 'bank')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  network text,
  address text,
  bank_name text,
  account_name text,
  account_number text,
  swift_code text,
  reference_instructions text,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz,
  CHECK (kind <> 'crypto' OR (network IS NOT NULL AND address IS NOT NULL)),
  CHECK (kind <> 'bank' OR (bank_name IS NOT NULL AND account_name IS NOT NULL AND account_number IS NOT NULL))
);
CREATE INDEX payment_methods_active_idx ON payment_methods (sort_order, created_at) WHERE retired_at IS NULL;

-- A retried request (same user, same key) gets the first answer back; a different body is refused.
-- The row is inserted first inside the request's transaction, so concurrent twins wait on the
-- unique index and then read the stored answer.
CREATE TABLE idempotency_keys (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, key)
);

-- What the user sees (seed section 3): a projection of ledger operations.
CREATE TABLE transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  transaction_id text NOT NULL UNIQUE CHECK (transaction_id ~ '^TNX-[A-Z0-9]{6}$'),
  user_id uuid NOT NULL REFERENCES users(id),
  -- What operation this is: deposit, withdrawal, adjustment_balance, adjustment_profit, ...
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
  type text NOT NULL CHECK (type IN ('credit', 'withdraw')),
  status text NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- Withdrawal fee, fixed when requested and deducted from the payout (never paid in).
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0 AND fee_cents <= amount_cents),
  description text NOT NULL,
  crypto text,
  payment_reference text,
  failure_reason text,
  method_id uuid REFERENCES payment_methods(id),
  -- Where a withdrawal is paid to (bank details or wallet address); shown to the owner and admins.
  payout_details jsonb,
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'failed' OR failure_reason IS NOT NULL)
);
CREATE INDEX transactions_user_idx ON transactions (user_id, created_at DESC, id DESC);
CREATE INDEX transactions_created_idx ON transactions (created_at DESC, id DESC);
CREATE INDEX transactions_pending_idx ON transactions (kind, created_at) WHERE status = 'pending';

CREATE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'transactions are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.transaction_id <> OLD.transaction_id OR NEW.user_id <> OLD.user_id
     OR NEW.kind <> OLD.kind OR NEW.type <> OLD.type OR NEW.amount_cents <> OLD.amount_cents
     OR NEW.fee_cents <> OLD.fee_cents OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'transaction % money fields are immutable', OLD.transaction_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'transaction % is already %', OLD.transaction_id, OLD.status
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER transactions_guard BEFORE UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_guard();

-- Ledger accounts. Per user: available, withdrawal_hold, invested (created lazily at first use).
-- Platform accounts (user_id NULL) are the other side of every user movement: cash (deposits in
-- transit), payouts, fee_income, adjustments, bonuses, later strategy pools. Convention
-- (pgledger): balance = sum of postings; user accounts are >= 0; platform accounts may be negative.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z]+:[0-9a-z_:-]+$'),
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
  user_id uuid REFERENCES users(id),
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('available', 'withdrawal_hold', 'invested')) = (user_id IS NOT NULL)),
  CONSTRAINT user_balance_not_negative
    CHECK (kind NOT IN ('available', 'withdrawal_hold', 'invested') OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_user_kind ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL;

CREATE TABLE journal_entries (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z_.]{1,40}$'),
  description text NOT NULL,
  -- The user-facing transaction this entry belongs to (if any): each operation books once.
  transaction_id uuid REFERENCES transactions(id),
  -- The Idempotency-Key row of the request that booked it (if the client sent one).
  idempotency_key_id bigint REFERENCES idempotency_keys(id),
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (transaction_id, kind)
);

CREATE TABLE postings (
  id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES journal_entries(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount <> 0),
  UNIQUE (entry_id, account_id)
);
CREATE INDEX postings_account_idx ON postings (account_id, entry_id);

CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- A posting moves its account's balance in the same statement, so balance = sum(postings) always.
CREATE FUNCTION postings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER postings_apply AFTER INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION postings_apply();

-- Nobody types a balance: it changes only from the posting trigger above (trigger depth 2).
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id <> OLD.id OR NEW.code <> OLD.code OR NEW.kind <> OLD.kind
     OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    RAISE EXCEPTION 'ledger account % is immutable', OLD.code USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.balance <> OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a balance changes only through postings' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();

CREATE FUNCTION ledger_accounts_insert_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a ledger account opens at zero' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_accounts_insert_guard BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_insert_guard();

-- At commit: every entry touched in this transaction has at least two postings summing to zero.
CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
  total numeric;
  lines integer;
BEGIN
  IF TG_TABLE_NAME = 'postings' THEN
    target := NEW.entry_id;
  ELSE
    target := NEW.id;
  END IF;
  SELECT coalesce(sum(amount), 0), count(*) INTO total, lines FROM postings WHERE entry_id = target;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % is unbalanced: % postings summing to %', target, lines, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();

-- The platform's side of the books.
INSERT INTO ledger_accounts (code, kind) VALUES
  ('platform:cash', 'cash'),
  ('platform:payouts', 'payouts'),
  ('platform:fee_income', 'fee_income'),
  ('platform:adjustments', 'adjustments'),
  ('platform:bonuses', 'bonuses');
