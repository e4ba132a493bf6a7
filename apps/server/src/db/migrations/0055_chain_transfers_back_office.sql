-- The back office's list of chain transfers (GET /api/admin/chain/transfers, issue 41): every
-- transfer, or those of one status, newest first in keyset pages on (seen_at, id).
CREATE INDEX chain_transfers_newest ON chain_transfers (seen_at DESC, id DESC);
CREATE INDEX chain_transfers_by_status ON chain_transfers (status, seen_at DESC, id DESC);
