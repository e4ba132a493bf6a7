-- Account self-service: changing the sign-in e-mail address through a link sent to the new one
-- (and, later, one-time sign-in links). A change_email token carries the address it will set and
-- the session that asked for it (that session stays signed in when the change applies; every other
-- one ends). Like every link token it is stored hashed, expires and works once.

ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_kind_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_kind_check
  CHECK (kind IN ('recovery', 'verify_email', 'change_email'));

ALTER TABLE auth_tokens
  ADD COLUMN new_email text,
  ADD COLUMN session_id uuid;

ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_new_email_only_for_change
  CHECK ((kind = 'change_email') = (new_email IS NOT NULL));
