-- Alerts for the two verification decisions (issue 21), e-mailed in the user's language.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'trade_stopped_out', 'trade_take_profit', 'trade_term_ended', 'strategy_paused',
  'strategy_resumed', 'lead_trader_changed', 'deposit_approved', 'deposit_rejected',
  'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted', 'verification_approved',
  'verification_rejected'));
ALTER TABLE notification_email_preferences DROP CONSTRAINT notification_email_preferences_type_check;
ALTER TABLE notification_email_preferences ADD CONSTRAINT notification_email_preferences_type_check
  CHECK (type IN (
  'trade_stopped_out', 'trade_take_profit', 'trade_term_ended', 'strategy_paused',
  'strategy_resumed', 'lead_trader_changed', 'deposit_approved', 'deposit_rejected',
  'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted', 'verification_approved',
  'verification_rejected'));
