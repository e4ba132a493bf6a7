-- Crypto rails, part 1 (issue 41): deposits credited from the chain. Each investor gets a
-- deposit address per EVM network, derived from the operator's account xpub at 0/<index>
-- (modules/chain/domain/deposit-address.ts); a watcher per network and token scans the
-- chain's Transfer logs from a durable cursor and records every transfer to a watched
-- address; a transfer is credited through the ledger exactly once, when its block has the
-- network's confirmations and is still canonical. The server never holds a private key.

-- The next unused derivation index of each network: taken under this row's lock, so two
-- instances never hand out the same index; an index is never given back (a rolled-back
-- allocation gave nobody an address).
CREATE TABLE chain_address_counters (
  network text PRIMARY KEY CHECK (network ~ '^[a-z][a-z0-9-]{0,31}$'),
  next_index bigint NOT NULL DEFAULT 0 CHECK (next_index BETWEEN 0 AND 2147483648)
);

-- One address per investor and network, for good.
CREATE TABLE chain_deposit_addresses (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  user_id uuid NOT NULL REFERENCES users(id),
  network text NOT NULL REFERENCES chain_address_counters(network),
  derivation_index integer NOT NULL CHECK (derivation_index >= 0),
  -- EIP-55 checksummed, as shown to the investor.
  address text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chain_deposit_addresses_one_per_user UNIQUE (user_id, network),
  CONSTRAINT chain_deposit_addresses_index_once UNIQUE (network, derivation_index)
);
-- The watcher matches a log's recipient (lower case) to its investor.
CREATE UNIQUE INDEX chain_deposit_addresses_by_address
  ON chain_deposit_addresses (network, lower(address));

-- Where each network+token watcher has read to: the last block scanned and its hash (a reorg
-- shows as that hash no longer being the canonical block's).
CREATE TABLE chain_scan_cursors (
  network text NOT NULL CHECK (network ~ '^[a-z][a-z0-9-]{0,31}$'),
  token text NOT NULL CHECK (token ~ '^0x[0-9a-fA-F]{40}$'),
  block_number bigint NOT NULL CHECK (block_number >= 0),
  block_hash text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  scanned_at timestamptz NOT NULL,
  PRIMARY KEY (network, token)
);

-- Every ERC-20 Transfer to a deposit address, once per log. Status: seen (recorded) →
-- confirming (canonical, too few confirmations) → credited | held (with its reason), or
-- dropped (its block left the canonical chain; a rescan that finds the log again in another
-- block makes it seen again). Credited is final: it names the transactions row (and so the
-- ledger entry) it created, once.
CREATE TABLE chain_transfers (
  id uuid PRIMARY KEY DEFAULT uuid_v7(),
  chain_id bigint NOT NULL CHECK (chain_id > 0),
  network text NOT NULL,
  tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index integer NOT NULL CHECK (log_index >= 0),
  token text NOT NULL CHECK (token ~ '^0x[0-9a-fA-F]{40}$'),
  symbol text NOT NULL,
  from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-fA-F]{40}$'),
  to_address text NOT NULL CHECK (to_address ~ '^0x[0-9a-fA-F]{40}$'),
  user_id uuid NOT NULL REFERENCES users(id),
  -- uint256 base units.
  amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
  block_number bigint NOT NULL CHECK (block_number >= 0),
  block_hash text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'seen'
    CHECK (status IN ('seen', 'confirming', 'credited', 'held', 'dropped')),
  hold_reason text CHECK (hold_reason IN ('below_minimum', 'no_rate', 'account_closed')),
  cents_credited bigint CHECK (cents_credited > 0),
  -- The part below a cent, in base units: recorded, never rounded up into the credit.
  remainder_base_units numeric(78, 0) CHECK (remainder_base_units >= 0),
  ledger_transaction_id uuid REFERENCES transactions(id),
  seen_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT chain_transfers_once UNIQUE (chain_id, tx_hash, log_index),
  CONSTRAINT chain_transfers_credit_once UNIQUE (ledger_transaction_id),
  CONSTRAINT chain_transfers_held_has_reason CHECK ((status = 'held') = (hold_reason IS NOT NULL)),
  CONSTRAINT chain_transfers_credited_complete CHECK (
    (status = 'credited') = (ledger_transaction_id IS NOT NULL)
    AND (status = 'credited') = (cents_credited IS NOT NULL)
    AND (status = 'credited') = (remainder_base_units IS NOT NULL)
  ),
  CONSTRAINT chain_transfers_settled_when_final
    CHECK ((status IN ('credited', 'held')) = (settled_at IS NOT NULL))
);
-- The watcher's settling pass: the open transfers of a network and token, oldest block first.
CREATE INDEX chain_transfers_open
  ON chain_transfers (network, token, block_number)
  WHERE status IN ('seen', 'confirming');
-- An investor's transfers, newest first (the deposit page).
CREATE INDEX chain_transfers_by_user ON chain_transfers (user_id, seen_at DESC);

-- Credited is final: the transfer never changes again (a held one may be released by an
-- operator's decision later).
CREATE FUNCTION chain_transfers_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'credited' THEN
    RAISE EXCEPTION 'chain transfer % is % and cannot change', OLD.id, OLD.status
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_transfers_final BEFORE UPDATE OR DELETE ON chain_transfers
  FOR EACH ROW EXECUTE FUNCTION chain_transfers_final();
