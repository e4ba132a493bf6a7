import type pg from 'pg';

/**
 * Fewer round trips to PostgreSQL for the same statements: the pool's connections run in pg's
 * pipeline mode (`pipeline: true`, a documented option of pg's Client). A statement is written as
 * soon as it is issued, without waiting for the answer to the one before; each still gets its own
 * answer (or error), in order. Code that awaits each statement behaves as before; a statement
 * issued without awaiting it (runIdempotent's stored answer) travels with the COMMIT behind it
 * instead of costing a round trip of its own.
 *
 * Justified by bench/RESULTS.md 2026-11-26 23:05 (paired, same server switching it on and off):
 * money requests per second +4 to +6 %, CPU per request -3 to -5 %. That figure included two
 * tricks done by patching the driver (BEGIN answered at once and sent with the next statement;
 * a turn's statements corked into one socket write); they were dropped in session 16, which
 * measured what the supported option alone gives (bench/RESULTS.md 2026-11-29, "pipelining").
 * Switch: PERFORMANCE_OFF=pipelining.
 *
 * A statement issued without awaiting it before COMMIT is safe in a transaction only because an
 * error aborts the transaction, so COMMIT rolls it back: whoever issues one must await it before
 * treating the transaction as committed.
 */
export function pooledConnectionOptions(pipelining: boolean): Pick<pg.ClientConfig, 'pipeline'> {
  return { pipeline: pipelining };
}
