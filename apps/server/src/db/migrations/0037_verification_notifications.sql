-- Alerts for the two verification decisions (issue 21), e-mailed in the user's language. The list
-- keeps 0031's strategy_retired (both migrations widened the same CHECK side by side).
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'trade_stopped_out', 'trade_take_profit', 'trade_term_ended', 'strategy_paused',
  'strategy_resumed', 'lead_trader_changed', 'strategy_retired', 'deposit_approved', 'deposit_rejected',
  'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted', 'verification_approved',
  'verification_rejected'));
ALTER TABLE notification_email_preferences DROP CONSTRAINT notification_email_preferences_type_check;
ALTER TABLE notification_email_preferences ADD CONSTRAINT notification_email_preferences_type_check
  CHECK (type IN (
  'trade_stopped_out', 'trade_take_profit', 'trade_term_ended', 'strategy_paused',
  'strategy_resumed', 'lead_trader_changed', 'strategy_retired', 'deposit_approved', 'deposit_rejected',
  'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted', 'verification_approved',
  'verification_rejected'));
