-- The eleven-argument form of ledger_post_entries (0065's, kept by 0080 for a server of the
-- release before 0080 during a rolling deploy) goes: every server since calls the twelve-argument
-- form (ledger.repo bookEntries), and 0080 is a release behind. One form, one behaviour.
DROP FUNCTION ledger_post_entries(integer[], text[], text[], uuid[], bigint[], boolean[], text[],
  text[], uuid[], uuid[], timestamptz[]);
