import type { PracticeAccount, PracticeResetResponse } from '@app/shared/schemas/practice';
import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { closePracticeCopies } from '../copy-trading';
import {
  announceMoneyChange,
  insertPracticeAccount,
  markPracticeReset,
  postEntry,
  practiceAccountOf,
  practiceAvailableCents,
  practiceReset,
  practiceStarted,
  runIdempotent,
  type IdempotentOutcome,
  type PracticeAccountRow,
} from '../ledger';
import { practiceSetting, requirePractice } from '../settings';
import { insertTransaction } from '../transactions';

/*
 * The practice account (issue 42): opened once with the setting's virtual balance, reset to it
 * (every practice copy closed at its NAV first), read. Its money is the ledger's practice book;
 * its copies go through copy-trading like real ones (POST /api/trades with book 'practice').
 */

function accountView(
  setting: { practiceEnabled: boolean; startingCents: number },
  user: UserRow,
  row: PracticeAccountRow | undefined,
): PracticeAccount {
  return {
    enabled: setting.practiceEnabled,
    startingCents: setting.startingCents,
    eligible: user.emailVerifiedAt !== null && user.deletedAt === null,
    account: row
      ? {
          openedAt: row.openedAt.toISOString(),
          startingCents: Number(row.startingCents),
          resets: row.resets,
          lastResetAt: row.lastResetAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * GET /api/practice: the user's practice account, or why they cannot have one yet. Answered when
 * practice is off too (`enabled: false`), so the screens know to hide it; every other practice
 * request is then refused (PRACTICE_OFF).
 */
export async function practiceOf(ctx: AppContext, user: UserRow): Promise<PracticeAccount> {
  const [setting, row] = await Promise.all([
    practiceSetting(ctx.db),
    practiceAccountOf(ctx.db, user.id),
  ]);
  return accountView(setting, user, row);
}

/** A practice start or reset's transaction (book 'practice') and its ledger entry's description. */
async function practiceTransaction(
  tx: Tx,
  user: UserRow,
  movement: { code: 'practice_start' | 'practice_reset'; amountCents: bigint; credit: boolean },
  now: Date,
) {
  const parts: TransactionDescription = { code: movement.code };
  const description = englishDescription(parts);
  const row = await insertTransaction(tx, {
    userId: user.id,
    book: 'practice',
    kind: movement.code,
    type: movement.credit ? 'credit' : 'withdraw',
    status: 'success',
    amountCents: movement.amountCents,
    description,
    descriptionParts: parts,
    decidedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { row, description };
}

/**
 * POST /api/practice/start: opens the practice account once, with the setting's starting balance
 * (a `practice.start` entry and a `practice_start` transaction). 201 when it opened; 200 with the
 * same account when it was already open (a second start, or two at once: the primary key decides).
 */
export async function startPractice(
  ctx: AppContext,
  user: UserRow,
): Promise<{ status: 200 | 201; body: { practice: PracticeAccount } }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await requirePractice(tx, user, { started: false });
    const setting = await practiceSetting(tx);
    const now = ctx.clock.now();
    const starting = BigInt(setting.startingCents);
    const opened = await insertPracticeAccount(tx, {
      userId: user.id,
      openedAt: now,
      startingCents: starting,
    });
    if (!opened) {
      return { status: 200 as const, setting, row: await practiceAccountOf(tx, user.id) };
    }
    const { row, description } = await practiceTransaction(
      tx,
      user,
      { code: 'practice_start', amountCents: starting, credit: true },
      now,
    );
    await postEntry(tx, practiceStarted(user.id, starting, description), {
      transactionId: row.id,
      createdBy: user.id,
      createdAt: now,
    });
    return { status: 201 as const, setting, row: opened, transactionId: row.transactionId };
  });
  if (outcome.status === 201) announceMoneyChange(ctx, user.id, outcome.transactionId);
  return {
    status: outcome.status,
    body: { practice: accountView(outcome.setting, user, outcome.row) },
  };
}

/**
 * POST /api/practice/reset (Idempotency-Key): every open practice copy is closed at its NAV now
 * through the engine's close (each once: the account's row lock orders two resets, each copy's
 * lock orders a reset and any other close), then one `practice.reset` entry brings
 * practice_available back to the setting's starting balance (a `practice_reset` transaction for
 * the difference; none when it already held exactly that), and the account counts one more reset.
 */
export async function resetPractice(
  ctx: AppContext,
  user: UserRow,
  key: string | undefined,
): Promise<IdempotentOutcome<PracticeResetResponse>> {
  return runIdempotent<PracticeResetResponse>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/practice/reset', payload: {} },
    async (tx) => {
      await requirePractice(tx, user, { started: false });
      const account = await practiceAccountOf(tx, user.id, { lock: true });
      if (!account) throw refusal('PRACTICE_NOT_STARTED');
      const setting = await practiceSetting(tx);
      const closes = await closePracticeCopies(ctx, tx, user.id);
      await closes.postLedger();
      const now = ctx.clock.now();
      const starting = BigInt(setting.startingCents);
      const balance = await practiceAvailableCents(tx, user.id);
      const moved = await bookReset(tx, user, { balance, starting }, now);
      const row = await markPracticeReset(tx, user.id, starting, now);
      return {
        status: 200,
        body: {
          practice: accountView(setting, user, row),
          closedCopies: closes.closed,
        },
        afterCommit: () => {
          closes.afterCommit();
          announceMoneyChange(ctx, user.id, moved);
        },
      };
    },
  );
}

/** The reset's entry and transaction for the difference to the starting balance, if any. */
async function bookReset(
  tx: Tx,
  user: UserRow,
  { balance, starting }: { balance: bigint; starting: bigint },
  now: Date,
): Promise<string | undefined> {
  if (balance === starting) return undefined;
  const credit = balance < starting;
  const { row, description } = await practiceTransaction(
    tx,
    user,
    {
      code: 'practice_reset',
      amountCents: credit ? starting - balance : balance - starting,
      credit,
    },
    now,
  );
  const entry = practiceReset(user.id, balance, starting, description);
  if (entry) {
    await postEntry(tx, entry, { transactionId: row.id, createdBy: user.id, createdAt: now });
  }
  return row.transactionId;
}
