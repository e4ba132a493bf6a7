-- The appropriateness check before the first copy trade (issue 21) and the retention of
-- verification files after an account is closed.
--
-- The questionnaire is operator content, versioned: a new version is a new row, never an edit, so
-- every kept assessment refers to the questions it answered. The server inserts the default
-- version 1 the first time it is read.
CREATE TABLE appropriateness_questionnaires (
  version integer PRIMARY KEY CHECK (version > 0),
  content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object'),
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL
);

-- Every assessment a user took (the newest counts), with the answers as given and the score the
-- questionnaire's points gave them. The acknowledgement of the warning belongs to a result that
-- found the product may not be appropriate.
CREATE TABLE appropriateness_assessments (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  questionnaire_version integer NOT NULL REFERENCES appropriateness_questionnaires(version),
  answers jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'object'),
  score integer NOT NULL CHECK (score >= 0),
  max_score integer NOT NULL CHECK (max_score >= score),
  pass_score integer NOT NULL CHECK (pass_score >= 0),
  result text NOT NULL CHECK (result IN ('appropriate', 'not_appropriate')),
  acknowledged_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (result = (CASE WHEN score >= pass_score THEN 'appropriate' ELSE 'not_appropriate' END)),
  CHECK (acknowledged_at IS NULL OR result = 'not_appropriate')
);
CREATE INDEX appropriateness_assessments_user_idx
  ON appropriateness_assessments (user_id, created_at DESC, id DESC);

-- Retention: once the operator's period after an account's closure has passed, the sealed file is
-- deleted and its row keeps what the audit trail needs (kind, type, size, dates) without it.
ALTER TABLE verification_documents ALTER COLUMN storage_name DROP NOT NULL;
ALTER TABLE verification_documents ADD COLUMN deleted_at timestamptz;
ALTER TABLE verification_documents ADD CONSTRAINT verification_documents_file_or_deleted
  CHECK ((storage_name IS NULL) = (deleted_at IS NOT NULL));
