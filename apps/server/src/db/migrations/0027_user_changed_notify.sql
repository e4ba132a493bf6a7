-- Each app instance remembers the sessions it resolved lately, with their users
-- (modules/auth/session-cache.ts). It forgets a session when the database announces that it ended
-- (0013's `realtime_access` notices) and a user when this trigger announces any change to the row,
-- whichever code path or psql prompt made it. NOTIFY is delivered at commit, never for a change
-- that rolls back.

CREATE FUNCTION notify_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', json_build_object('user', OLD.id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_changed_notify
  AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_user_changed();
