import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { referencedFileNames } from '../../db/stored-files';

/** Every avatar file name some user points at. */
export function referencedAvatars(db: DbOrTx): Promise<Set<string>> {
  return referencedFileNames(db, users, users.avatarPath);
}
