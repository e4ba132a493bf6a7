-- Live sockets follow access. Whenever a session ends (revoked, deleted, cut short) or a user's
-- access changes (admin, trader, active, deleted, two-factor), the database itself announces it on the
-- `realtime_access` channel, and every app instance LISTENing closes or re-authorises the
-- sockets concerned (src/realtime/realtime.ts).
--
-- Triggers, not calls in the code: whichever code path (or person at a psql prompt) ends a
-- session or changes a role, now or later, the sockets hear of it. NOTIFY is transactional: it
-- is delivered when the change commits, never for a change that rolls back, and in commit order
-- with the events published afterwards, so an event sent after the change cannot overtake it.

CREATE FUNCTION realtime_notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'realtime_access',
    json_build_object('session', OLD.id, 'user', OLD.user_id)::text
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_ended_notify
  AFTER UPDATE ON sessions
  FOR EACH ROW
  -- Not on the last-seen touch: only when the session stops being the one the socket opened with.
  WHEN (
    (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    OR NEW.expires_at < OLD.expires_at
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.token_hash IS DISTINCT FROM OLD.token_hash
  )
  EXECUTE FUNCTION realtime_notify_session_ended();

CREATE TRIGGER sessions_deleted_notify
  AFTER DELETE ON sessions
  FOR EACH ROW
  EXECUTE FUNCTION realtime_notify_session_ended();

CREATE FUNCTION realtime_notify_user_access() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime_access', json_build_object('user', OLD.id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_access_notify
  AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (
    NEW.is_admin IS DISTINCT FROM OLD.is_admin
    OR NEW.is_trader IS DISTINCT FROM OLD.is_trader
    OR NEW.is_active IS DISTINCT FROM OLD.is_active
    OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at
    -- Admin powers need two-factor sign-in (session.ts hasAdminPowers).
    OR NEW.totp_enabled_at IS DISTINCT FROM OLD.totp_enabled_at
  )
  EXECUTE FUNCTION realtime_notify_user_access();

CREATE TRIGGER users_deleted_notify
  AFTER DELETE ON users
  FOR EACH ROW
  EXECUTE FUNCTION realtime_notify_user_access();
