-- Alerts (issue 16): one row per event that touched a user's money, created in the event's own
-- transaction, so an event that rolls back notifies nobody. The type is a code and params its
-- values (the web and the e-mail render the text in the user's language). The types are the same
-- closed list as NOTIFICATION_TYPES in packages/shared/src/schemas/notifications.ts.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('trade_stopped_out', 'trade_take_profit', 'trade_term_ended',
    'strategy_paused', 'strategy_resumed', 'lead_trader_changed', 'deposit_approved',
    'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted')),
  params jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(params) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- A user's newest-first cursor pages, and their unread count.
CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Per user and type: whether an alert is e-mailed too. No row: the type's default (on for the
-- events that move money). The in-app record has no switch.
CREATE TABLE notification_email_preferences (
  user_id uuid NOT NULL REFERENCES users(id),
  type text NOT NULL CHECK (type IN ('trade_stopped_out', 'trade_take_profit', 'trade_term_ended',
    'strategy_paused', 'strategy_resumed', 'lead_trader_changed', 'deposit_approved',
    'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted')),
  email boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type)
);

-- The language a user's alert e-mails are written in (the web app's language, sent by the
-- browser). No row: English.
CREATE TABLE notification_languages (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  language text NOT NULL CHECK (language IN ('en', 'es', 'de')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
