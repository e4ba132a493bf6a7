import type { Approval } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { announceMoneyChange } from '../ledger';
import { toApproval } from './approval.view';
import { listApprovalViews } from './approvals.repo';

/** One approval as the admin screens show it. */
export async function approvalView(db: DbOrTx, id: string): Promise<Approval> {
  const [view] = await listApprovalViews(db, { id, limit: 1 });
  if (!view) throw new Error(`approval ${id} vanished`);
  return toApproval(view);
}

/** After a commit: the admin screens refresh their approvals, the owner's money views theirs. */
export function announceApprovalChange(
  ctx: AppContext,
  userId: string | null,
  transactionId?: string,
): void {
  ctx.realtime.publish('admin', { type: 'approvals.changed' });
  if (userId !== null) announceMoneyChange(ctx, userId, transactionId);
}
