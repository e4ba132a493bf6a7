-- Account review with evidence (issue 21). One verification per user: the personal details and the
-- state of the review (draft while the user gathers documents, submitted, rejected with a reason the
-- user acts on, approved). Documents are files sealed with AES-256-GCM outside the public uploads
-- directory; a row names the file by a random storage name and is replaced, never edited, when the
-- user uploads that document again.

CREATE TABLE verifications (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL UNIQUE REFERENCES users(id),
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'submitted', 'rejected', 'approved')),
  legal_name text CHECK (length(legal_name) BETWEEN 1 AND 120),
  date_of_birth date,
  address text CHECK (length(address) BETWEEN 1 AND 300),
  nationality text CHECK (length(nationality) BETWEEN 1 AND 60),
  document_type text CHECK (document_type IN ('passport', 'id_card', 'driving_licence')),
  submitted_at timestamptz,
  decided_by uuid REFERENCES users(id),
  decided_at timestamptz,
  decision_reason text CHECK (length(decision_reason) BETWEEN 1 AND 500),
  requested_document text
    CHECK (requested_document IN ('identityFront', 'identityBack', 'proofOfAddress')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- A submission carries every detail.
  CHECK (status = 'draft' OR (legal_name IS NOT NULL AND date_of_birth IS NOT NULL
    AND address IS NOT NULL AND nationality IS NOT NULL AND document_type IS NOT NULL
    AND submitted_at IS NOT NULL)),
  -- A rejection carries its reason; an approval its reviewer.
  CHECK (status <> 'rejected' OR (decision_reason IS NOT NULL AND decided_by IS NOT NULL)),
  CHECK (status <> 'approved' OR decided_by IS NOT NULL)
);
CREATE INDEX verifications_status_idx ON verifications (status, submitted_at);

CREATE TABLE verification_documents (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('identityFront', 'identityBack', 'proofOfAddress')),
  media_type text NOT NULL CHECK (media_type IN ('image/jpeg', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  -- The sealed file's name in DATA_DIR/private/verification (random; never shown).
  storage_name text NOT NULL UNIQUE CHECK (storage_name ~ '^[0-9a-f-]{36}\.bin$'),
  created_at timestamptz NOT NULL,
  -- Set when the user uploads the same kind again; the old file stays for the review's record.
  replaced_at timestamptz
);
-- One current document of each kind per user.
CREATE UNIQUE INDEX verification_documents_current ON verification_documents (user_id, kind)
  WHERE replaced_at IS NULL;
