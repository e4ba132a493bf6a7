-- An alert whose e-mail is still to be written (issue 43). A scheduled close batch writes its
-- alerts inside one database function call, and rendering 500 e-mails in five languages inside
-- that transaction was ~10 % of the cascade's database time: the close marks each alert
-- `mail_due` and a worker renders the e-mails after the closes commit (notifications' alert
-- mails, one transaction per batch: rendered, queued in mail_outbox and cleared together, so each
-- e-mail is written exactly once, even across a crash in between). A constant default adds the
-- column without rewriting the table; the partial index holds the due alerts only (few, briefly).
ALTER TABLE notifications ADD COLUMN mail_due boolean NOT NULL DEFAULT false;
CREATE INDEX notifications_mail_due ON notifications (id) WHERE mail_due;

-- Alerts written by the database itself (a scheduled close batch, close_due_copies in 0083), one
-- row each of the arrays, their e-mails due: the notifications module's own writing function, so
-- a caller in SQL writes its alerts through it, as a caller in TypeScript goes through notifyAll.
CREATE FUNCTION insert_due_alerts(p_users uuid[], p_types text[], p_params jsonb[],
  p_at timestamptz) RETURNS void
LANGUAGE sql VOLATILE AS $$
  INSERT INTO notifications (user_id, type, params, created_at, mail_due)
  SELECT a.user_id, a.type, a.params, p_at, true
  FROM unnest(p_users, p_types, p_params) WITH ORDINALITY AS a(user_id, type, params, i)
  ORDER BY a.i
$$;
