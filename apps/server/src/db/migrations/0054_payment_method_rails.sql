-- Crypto rails, part 2 (issue 41): payouts proven on chain.
--
-- A crypto payment method may name a rail the platform watches: a network key and a token
-- symbol of the configured rails (both or neither). A withdrawal by such a method goes to an
-- address checked for that network, and is paid only with the hash of a transaction the server
-- found on the chain sending the token, at least the net amount, to that address.
ALTER TABLE payment_methods
  ADD COLUMN rail_network text CHECK (rail_network ~ '^[a-z][a-z0-9-]{0,31}$'),
  ADD COLUMN rail_token text CHECK (rail_token ~ '^[A-Za-z0-9.]{1,16}$'),
  ADD CONSTRAINT payment_methods_rail_whole CHECK ((rail_network IS NULL) = (rail_token IS NULL)),
  ADD CONSTRAINT payment_methods_rail_crypto_only CHECK (rail_network IS NULL OR kind = 'crypto');

-- The chain transaction behind a transaction the investor sees: the payout's proof (stored on
-- the pending withdrawal when an admin pays it, before it is decided) or the transfer a deposit
-- was credited from; with its explorer page as the network's settings gave it then.
ALTER TABLE transactions
  ADD COLUMN chain_network text CHECK (chain_network ~ '^[a-z][a-z0-9-]{0,31}$'),
  ADD COLUMN chain_tx_hash text CHECK (chain_tx_hash ~ '^0x[0-9a-f]{64}$'),
  ADD COLUMN chain_explorer_url text CHECK (chain_explorer_url ~ '^https?://'),
  ADD CONSTRAINT transactions_chain_tx_whole
    CHECK ((chain_network IS NULL) = (chain_tx_hash IS NULL)
           AND (chain_explorer_url IS NULL OR chain_tx_hash IS NOT NULL));

-- A hash proves one payout, ever (also when two admins submit it at once: the second insert of
-- the key waits for the first and fails).
CREATE UNIQUE INDEX transactions_payout_tx_once ON transactions (chain_tx_hash)
  WHERE kind = 'withdrawal' AND chain_tx_hash IS NOT NULL;

-- Deposits already credited from the chain (part 1) name their transfer: the hash and network
-- come from it (their explorer link is the settings', not the database's: those rows show the
-- hash without it). Decided rows are guarded against any change (0024): the guard is lifted for
-- this one backfill of a column that did not exist when they were decided.
ALTER TABLE transactions DISABLE TRIGGER transactions_guard;
UPDATE transactions t
   SET chain_network = ct.network, chain_tx_hash = ct.tx_hash
  FROM chain_transfers ct
 WHERE ct.ledger_transaction_id = t.id AND ct.status = 'credited';
ALTER TABLE transactions ENABLE TRIGGER transactions_guard;
