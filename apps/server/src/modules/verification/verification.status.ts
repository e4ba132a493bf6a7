import type { DbOrTx } from '../../db/client';
import * as repo from './verification.repo';

/** For the users module's bare Activate: has this user an approved verification? */
export function hasApprovedVerification(db: DbOrTx, userId: string): Promise<boolean> {
  return repo.isApproved(db, userId);
}
