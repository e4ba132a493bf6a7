-- Issue 38, finding 5: a link to a sign-in provider account is a link to (issuer, subject), not
-- to a subject alone. A subject is unique only within its issuer: a provider re-pointed at another
-- issuer (or another client, whose subjects may be pairwise) could otherwise sign in whoever that
-- issuer calls by a linked account's subject. Each link now records the issuer that asserted it,
-- sign-in matches (provider, issuer, subject), and changing a provider's issuer or client id drops
-- its links (sign-in-providers.service.ts, saveProvider).
--
-- Existing links get their provider's current issuer, in the form the server compares issuers in
-- (a WHATWG URL's href: scheme and host in lower case, "/" for an empty path). A link whose issuer
-- the provider spells otherwise asks for the account's password once, as an unlinked account does.

ALTER TABLE user_identities ADD COLUMN issuer text;

UPDATE user_identities i
SET issuer = CASE
  WHEN p.issuer_url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+$' THEN lower(p.issuer_url) || '/'
  ELSE lower(substring(p.issuer_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'))
    || substring(p.issuer_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+(.*)$')
END
FROM sign_in_providers p
WHERE p.id = i.provider_id;

ALTER TABLE user_identities
  ALTER COLUMN issuer SET NOT NULL,
  ADD CONSTRAINT user_identities_issuer_length CHECK (length(issuer) BETWEEN 1 AND 400),
  DROP CONSTRAINT user_identities_provider_id_subject_key,
  ADD CONSTRAINT user_identities_provider_issuer_subject_key UNIQUE (provider_id, issuer, subject);
