/**
 * The approved lead traders a strategy may go to: those who run no strategy now (the server
 * refuses the others, TRADER_HAS_STRATEGY; a retired strategy still counts as its trader's).
 * `keep`: a trader listed anyway, the strategy's own when an admin reassigns a running one; a
 * retired strategy is handed over, so its own trader is never kept.
 */
export function freeLeadTraders<U extends { id: string }>(
  traders: readonly U[],
  strategies: readonly { leadTraderId: string | null }[],
  keep: string | null = null,
): U[] {
  const running = new Set(strategies.map((strategy) => strategy.leadTraderId));
  return traders.filter((user) => user.id === keep || !running.has(user.id));
}
