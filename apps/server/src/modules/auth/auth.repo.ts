import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hasRow } from '../../db/has-row';
import { authTokens, linkRequests, recoveryCodes } from '../../db/schema';
import { byId } from '../../lib/by-id';

// One-time tokens ----------------------------------------------------------------------------

export type AuthTokenKind = 'recovery' | 'verify_email' | 'change_email' | 'magic_link';

export async function insertAuthToken(
  db: DbOrTx,
  values: {
    userId: string;
    kind: AuthTokenKind;
    tokenHash: Buffer;
    expiresAt: Date;
    newEmail?: string;
    sessionId?: string;
  },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/**
 * Stores a link token and queues the e-mail carrying it in one statement (one round trip, like
 * the no-account notice queued for an address without an account).
 */
export async function insertAuthTokenWithMail(
  db: DbOrTx,
  token: {
    userId: string;
    kind: 'recovery' | 'verify_email' | 'magic_link';
    tokenHash: Buffer;
    expiresAt: Date;
  },
  /** The mail module's statement queueing the e-mail (mail.service's mailInsertStatement). */
  mailInsert: SQL,
): Promise<void> {
  await db.execute(sql`
    WITH token AS (
      INSERT INTO auth_tokens (user_id, kind, token_hash, expires_at)
      VALUES (${token.userId}, ${token.kind}, ${token.tokenHash}, ${token.expiresAt.toISOString()})
    )
    ${mailInsert}`);
}

// Requests for a link (recovery, sign-in) --------------------------------------------------------

export type LinkKind = (typeof linkRequests.$inferSelect)['kind'];
const LINK_KINDS: readonly AuthTokenKind[] = linkRequests.kind.enumValues;
export type LinkRequest = typeof linkRequests.$inferSelect;

/** Records a request for a link: one statement, the same whatever the address (0043). */
export async function insertLinkRequest(
  db: DbOrTx,
  request: { kind: LinkKind; email: string; requestedAt: Date },
): Promise<void> {
  await db.insert(linkRequests).values(request);
}

/**
 * Takes up to `limit` requests out of the table, oldest first, skipping those another instance
 * is taking: each request is answered once, by whichever transaction commits its removal.
 */
export async function claimLinkRequests(tx: DbOrTx, limit: number): Promise<LinkRequest[]> {
  const oldest = tx
    .select({ id: linkRequests.id })
    .from(linkRequests)
    .orderBy(linkRequests.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await tx.delete(linkRequests).where(inArray(linkRequests.id, oldest)).returning();
  return claimed.sort(byId);
}

/** A token of this user and kind that is valid at `now`: unused, not revoked, not expired. */
function validTokenOf(userId: string, kind: AuthTokenKind, now: Date) {
  return and(
    eq(authTokens.userId, userId),
    eq(authTokens.kind, kind),
    isNull(authTokens.usedAt),
    isNull(authTokens.revokedAt),
    gt(authTokens.expiresAt, now),
  );
}

/** Marks a valid token used and returns it; at most one caller can ever get it. */
export async function consumeAuthToken(
  db: DbOrTx,
  params: { userId: string; kind: AuthTokenKind; tokenHash: Buffer; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(authTokens.tokenHash, params.tokenHash),
        validTokenOf(params.userId, params.kind, params.now),
      ),
    )
    .returning({ id: authTokens.id });
  return rows.length > 0;
}

/**
 * Marks a valid change_email token used and returns the address it sets and the session that
 * asked; at most one caller can ever get it.
 */
export async function consumeEmailChangeToken(
  db: DbOrTx,
  params: { userId: string; tokenHash: Buffer; now: Date },
): Promise<{ newEmail: string; sessionId: string | null } | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(authTokens.tokenHash, params.tokenHash),
        validTokenOf(params.userId, 'change_email', params.now),
      ),
    )
    .returning({ newEmail: authTokens.newEmail, sessionId: authTokens.sessionId });
  return row?.newEmail ? { newEmail: row.newEmail, sessionId: row.sessionId } : undefined;
}

/** The newest valid (unused, not revoked, not expired) change_email link of the user, if any. */
export async function pendingEmailChange(
  db: DbOrTx,
  params: { userId: string; now: Date },
): Promise<{ newEmail: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ newEmail: authTokens.newEmail, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(validTokenOf(params.userId, 'change_email', params.now))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt } : undefined;
}

/** Whether a token is valid now (unused, not revoked, not expired), without using it. */
export function authTokenIsValid(
  db: DbOrTx,
  params: { userId: string; kind: AuthTokenKind; tokenHash: Buffer; now: Date },
): Promise<boolean> {
  return hasRow(
    db,
    authTokens,
    and(
      eq(authTokens.tokenHash, params.tokenHash),
      validTokenOf(params.userId, params.kind, params.now),
    ),
  );
}

/**
 * Voids every outstanding token of these kinds of one user (a reset, a password change...),
 * including links asked for but not yet written (link_requests), which are dropped first: when
 * the mail worker is writing one at that moment, the drop waits for it to commit, and the update
 * after it, reading afresh, voids the token it wrote.
 */
export async function revokeAuthTokens(
  db: DbOrTx,
  userId: string,
  kinds: AuthTokenKind[],
  at: Date,
): Promise<void> {
  const requested = kinds.filter((kind): kind is LinkKind => LINK_KINDS.includes(kind));
  if (requested.length > 0)
    await db
      .delete(linkRequests)
      .where(
        and(
          inArray(linkRequests.kind, requested),
          sql`lower(${linkRequests.email}) = (SELECT lower(email) FROM users WHERE id = ${userId})`,
        ),
      );
  await db
    .update(authTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(authTokens.userId, userId),
        inArray(authTokens.kind, kinds),
        isNull(authTokens.usedAt),
        isNull(authTokens.revokedAt),
      ),
    );
}

// Two-factor recovery codes --------------------------------------------------------------------

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: string,
  hashes: Buffer[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0)
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function consumeRecoveryCode(
  db: DbOrTx,
  userId: string,
  codeHash: Buffer,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
