/**
 * The filters of the back office's transaction and audit lists. Below both api.ts (which sends
 * them) and keys.ts (which names the cached pages by them), so neither imports the other's way.
 */
export interface TransactionFilters {
  q?: string;
  status?: 'pending' | 'success' | 'failed';
  kind?: string;
  userId?: string;
}

export interface AuditFilters {
  actorId?: string;
  targetType?: string;
  targetId?: string;
  action?: string;
}
