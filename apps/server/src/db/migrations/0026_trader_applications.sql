-- The lead-trader programme (issue 18). A signed-in, active user applies to lead a strategy; an
-- admin approves or rejects the application with a reason; an approved trader creates their
-- strategy with the terms copiers see (allowed instruments, performance fee within the operator's
-- bounds, a minimum copy amount and an optional cap on copiers). An admin can retire a strategy.

CREATE TABLE trader_applications (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
  bio text NOT NULL CHECK (length(bio) BETWEEN 1 AND 280),
  experience text NOT NULL CHECK (length(experience) BETWEEN 1 AND 2000),
  -- When the applicant acknowledged the lead-trader rules (required to apply).
  rules_accepted_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  decision_reason text CHECK (length(decision_reason) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status = 'pending' OR (decided_by IS NOT NULL AND decision_reason IS NOT NULL))
);
-- One application waiting per user; a rejected applicant may apply again.
CREATE UNIQUE INDEX trader_applications_one_pending ON trader_applications (user_id)
  WHERE status = 'pending';
CREATE INDEX trader_applications_user_idx ON trader_applications (user_id, created_at DESC);
CREATE INDEX trader_applications_status_idx ON trader_applications (status, created_at);

-- A decided application never changes again, and none is deleted.
CREATE FUNCTION trader_applications_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'trader applications are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'trader application % was decided', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER trader_applications_guard BEFORE UPDATE OR DELETE ON trader_applications
  FOR EACH ROW EXECUTE FUNCTION trader_applications_guard();

-- A lead trader's terms. NULL allowed_instruments: any instrument (demo strategies). NULL
-- performance_fee_pct: the plan's fee applies (demo strategies); a lead trader's strategy always
-- has its own, and every plan offering it charges that fee.
ALTER TABLE strategies ADD COLUMN allowed_instruments text[]
  CHECK (allowed_instruments IS NULL OR cardinality(allowed_instruments) >= 1);
ALTER TABLE strategies ADD COLUMN performance_fee_pct numeric(5, 2)
  CHECK (performance_fee_pct BETWEEN 0 AND 100);
ALTER TABLE strategies ADD COLUMN min_copy_cents bigint NOT NULL DEFAULT 0
  CHECK (min_copy_cents >= 0);
ALTER TABLE strategies ADD COLUMN max_copiers integer CHECK (max_copiers > 0);
-- Retired: takes no new copies and no orders; running copies stay open until their owners close.
ALTER TABLE strategies ADD COLUMN retired_at timestamptz;
