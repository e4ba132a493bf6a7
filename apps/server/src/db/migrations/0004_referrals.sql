-- The referral bonus is paid once per referred person, when an admin first activates them.
CREATE TABLE referral_bonuses (
  referred_user_id uuid PRIMARY KEY REFERENCES users(id),
  referrer_user_id uuid NOT NULL REFERENCES users(id),
  transaction_id uuid NOT NULL REFERENCES transactions(id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_bonuses_referrer_idx ON referral_bonuses (referrer_user_id);
