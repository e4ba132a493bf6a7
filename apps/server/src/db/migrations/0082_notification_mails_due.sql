-- An alert whose e-mail is still to be written (issue 43). A scheduled close batch writes its
-- alerts inside one database function call, and rendering 500 e-mails in five languages inside
-- that transaction was ~10 % of the cascade's database time: the close marks each alert
-- `mail_due` and a worker renders the e-mails after the closes commit (notifications' alert
-- mails, one transaction per batch: rendered, queued in mail_outbox and cleared together, so each
-- e-mail is written exactly once, even across a crash in between). A constant default adds the
-- column without rewriting the table; the partial index holds the due alerts only (few, briefly).
ALTER TABLE notifications ADD COLUMN mail_due boolean NOT NULL DEFAULT false;
CREATE INDEX notifications_mail_due ON notifications (id) WHERE mail_due;
