-- Retiring a strategy alerts each copier with an open copy (issue 18): a new alert type,
-- strategy_retired, in the same closed list as NOTIFICATION_TYPES in
-- packages/shared/src/schemas/notifications.ts (both tables that name a type).
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'trade_stopped_out', 'trade_take_profit', 'trade_term_ended', 'strategy_paused',
  'strategy_resumed', 'lead_trader_changed', 'strategy_retired', 'deposit_approved',
  'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted'));

ALTER TABLE notification_email_preferences
  DROP CONSTRAINT notification_email_preferences_type_check;
ALTER TABLE notification_email_preferences
  ADD CONSTRAINT notification_email_preferences_type_check CHECK (type IN (
  'trade_stopped_out', 'trade_take_profit', 'trade_term_ended', 'strategy_paused',
  'strategy_resumed', 'lead_trader_changed', 'strategy_retired', 'deposit_approved',
  'deposit_rejected', 'withdrawal_paid', 'withdrawal_rejected', 'adjustment_posted'));
