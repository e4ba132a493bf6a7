-- Staff never see a usable secret (issue 12, finding 4).
--
-- A message with secret parts (a reset or verification link) is stored redacted; the recipient's
-- copy is kept sealed (AES-256-GCM under the server key) only until it is delivered.
ALTER TABLE mail_outbox ADD COLUMN sealed_body text;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_sealed_only_pending
  CHECK (sealed_body IS NULL OR status = 'pending');

-- A reset, a password change or a verification voids the user's other outstanding links.
ALTER TABLE auth_tokens ADD COLUMN revoked_at timestamptz;

-- Before this version the outbox held the links in clear and admins could read them: every link
-- still outstanding is voided (its owner asks for a new one), and the stored copies are redacted.
UPDATE auth_tokens SET revoked_at = now() WHERE used_at IS NULL AND revoked_at IS NULL;
UPDATE mail_outbox
SET text_body = regexp_replace(text_body, '([?&]secret=)[^&\s"<]+', '\1[redacted]', 'g'),
    html_body = regexp_replace(html_body, '((?:[?&]|&#38;)secret=)[^&\s"<]+', '\1[redacted]', 'g')
WHERE template IN ('recovery', 'verify_email');
