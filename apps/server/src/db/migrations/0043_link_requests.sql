-- Requests for a password-recovery or sign-in link. The request only records itself here; the
-- mail worker looks the address up and writes the link (or the no-account notice). So the request
-- does the same work whether or not the address has an account, and its timing cannot tell: when
-- the request wrote the account's token and sealed mail itself, a known address answered about
-- 0.2 ms slower on a quiet machine and 1.15 ms slower in a loaded CI run. A row lives until the
-- next delivery run (milliseconds), or until the next start after a crash.
CREATE TABLE link_requests (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  kind text NOT NULL CHECK (kind IN ('recovery', 'magic_link')),
  email text NOT NULL,
  requested_at timestamptz NOT NULL
);
