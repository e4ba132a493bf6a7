-- Issue 20's last two pieces.
--
-- OpenID Connect sign-in: the providers an operator configures (issuer, client id, the client
-- secret sealed with the secret box, the name on the "Continue with …" button), and which
-- provider account (issuer's `sub`) is linked to which of our users. A provider account links to
-- one user; a user links at most one account per provider.
--
-- Personal API tokens: read-only tokens a user makes for scripts. Only a SHA-256 digest of the
-- token is stored; it expires, can be revoked, and remembers when it was last used.

CREATE TABLE sign_in_providers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,31}$'),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
  issuer_url text NOT NULL CHECK (length(issuer_url) BETWEEN 1 AND 300),
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 300),
  client_secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE user_identities (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  provider_id text NOT NULL REFERENCES sign_in_providers(id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  -- The provider's verified address when the link was made (shown on /profile).
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  UNIQUE (provider_id, subject),
  UNIQUE (user_id, provider_id)
);

CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  token_hash bytea NOT NULL UNIQUE,
  -- The token's first characters (prefix and 4 more), to tell tokens apart on /profile.
  hint text NOT NULL CHECK (length(hint) BETWEEN 1 AND 16),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at);
