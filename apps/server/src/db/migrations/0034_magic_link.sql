-- One-time sign-in links sent by e-mail from /login: stored hashed, valid 15 minutes, used once.
-- Two-factor sign-in still applies: the link alone does not sign in an account that has it on.

ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_kind_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_kind_check
  CHECK (kind IN ('recovery', 'verify_email', 'change_email', 'magic_link'));
