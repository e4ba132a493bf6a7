-- Time-ordered keys for the rows money operations append (transactions, trades, four-eyes
-- approvals, mail, sessions). A random uuid lands each new key on a random leaf page of its index
-- (and of the ledger's UNIQUE (transaction_id, kind)), so after every checkpoint nearly each insert
-- writes a full-page image of another page; a key that starts with the time lands where the last one
-- did. UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, the version, then random bits. Rows that
-- exist keep their ids.
CREATE FUNCTION uuid_v7() RETURNS uuid VOLATILE LANGUAGE sql AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
                PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                FROM 1 FOR 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$;

ALTER TABLE transactions ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE trades ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE money_approvals ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE mail_outbox ALTER COLUMN id SET DEFAULT uuid_v7();
ALTER TABLE sessions ALTER COLUMN id SET DEFAULT uuid_v7();
