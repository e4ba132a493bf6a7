-- Four-eyes (maker-checker) approvals: an adjustment or a withdrawal payout above the operator's
-- threshold is requested by one admin and booked only when a different admin approves it.
CREATE TABLE money_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('adjustment', 'withdrawal_payout')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- Whose money it is.
  user_id uuid NOT NULL REFERENCES users(id),
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
  -- Adjustments: the bucket and the reason the user will see.
  bucket text CHECK (bucket IN ('balance', 'profit', 'bonus')),
  reason text,
  -- Payouts: the pending withdrawal (keeps its hold while it waits). Adjustments: the transaction
  -- booked on approval.
  transaction_id uuid REFERENCES transactions(id),
  requested_by uuid NOT NULL REFERENCES users(id),
  requested_at timestamptz NOT NULL,
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  rejection_reason text,
  CHECK ((kind = 'adjustment') = (bucket IS NOT NULL AND reason IS NOT NULL)),
  CHECK (kind <> 'withdrawal_payout' OR transaction_id IS NOT NULL),
  CHECK ((status = 'pending') = (decided_by IS NULL AND decided_at IS NULL)),
  -- The maker is never the checker, and nobody decides on their own money.
  CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CHECK (decided_by IS NULL OR decided_by <> user_id),
  CHECK (requested_by <> user_id)
);
-- At most one payout approval waiting per withdrawal.
CREATE UNIQUE INDEX money_approvals_one_pending_payout
  ON money_approvals (transaction_id) WHERE status = 'pending' AND kind = 'withdrawal_payout';
CREATE INDEX money_approvals_status_idx ON money_approvals (status, requested_at DESC);
