import type { Book } from '@app/shared/schemas/kinds';
import {
  ENTRY_KINDS,
  bookAccount,
  bookPlatformAccount,
  entryFromMoves,
  userAccount,
  type AccountRef,
  type EntryDraft,
  type Move,
} from '../../ledger/domain';

/*
 * A copy's entries, in the copy's own book (issue 42): a real copy moves available/invested
 * against `strategy_pnl` and pays its fee to the lead trader (or fee income); a practice copy
 * moves practice_available/practice_invested against `practice_strategy_pnl` and its fee goes to
 * `practice_fees`, which pays nobody. Nothing here can build an entry spanning the two.
 *
 * The platform's counterparty for followers' market P&L (`strategy_pnl`): a trade closed above its
 * amount is paid the difference from here; a trade closed below it leaves the difference here.
 * Opened on first use, like every ledger account.
 */

const KIND = {
  real: {
    open: ENTRY_KINDS.tradeOpen,
    close: ENTRY_KINDS.tradeClose,
    fee: ENTRY_KINDS.tradeFee,
  },
  practice: {
    open: ENTRY_KINDS.practiceTradeOpen,
    close: ENTRY_KINDS.practiceTradeClose,
    fee: ENTRY_KINDS.practiceTradeFee,
  },
} as const;

/** Investing: available → invested. */
export function tradeOpenedEntry(
  book: Book,
  userId: string,
  amount: bigint,
  description: string,
): EntryDraft {
  return entryFromMoves(KIND[book].open, description, [
    {
      from: bookAccount(book, userId, 'available'),
      to: bookAccount(book, userId, 'invested'),
      amount,
    },
  ]);
}

/**
 * Closing: the invested amount leaves `invested`, the payout (value − fee) reaches `available`,
 * and the difference is booked against the book's strategy P&L (which then pays the fee in its
 * own entry). The net change of the user's own accounts is the realised profit after fee.
 */
export function tradeClosedEntry(
  book: Book,
  userId: string,
  amount: bigint,
  payout: bigint,
  description: string,
): EntryDraft {
  const invested = bookAccount(book, userId, 'invested');
  const available = bookAccount(book, userId, 'available');
  const moves: Move[] = [
    { from: invested, to: available, amount: payout < amount ? payout : amount },
  ];
  // Pushed, not spread in: a cascade builds 10,000 of these.
  if (payout > amount)
    moves.push({
      from: bookPlatformAccount(book, 'strategy_pnl'),
      to: available,
      amount: payout - amount,
    });
  if (payout < amount)
    moves.push({
      from: invested,
      to: bookPlatformAccount(book, 'strategy_pnl'),
      amount: amount - payout,
    });
  return entryFromMoves(KIND[book].close, description, moves);
}

/**
 * The performance fee, out of the market P&L: a real copy's to the lead trader (or the platform's
 * fee income), a practice copy's to `practice_fees` whoever leads the strategy.
 */
export function performanceFeeEntry(
  book: Book,
  leadTraderId: string | null,
  fee: bigint,
  description: string,
) {
  return entryFromMoves(KIND[book].fee, description, [
    {
      from: bookPlatformAccount(book, 'strategy_pnl'),
      to: feeRecipient(book, leadTraderId),
      amount: fee,
    },
  ]);
}

/** Who is paid a copy's fee: nobody but `practice_fees` for a practice copy. */
export function feePayee(book: Book, leadTraderId: string | null): string | null {
  return book === 'real' ? leadTraderId : null;
}

function feeRecipient(book: Book, leadTraderId: string | null): AccountRef {
  const payee = feePayee(book, leadTraderId);
  return payee ? userAccount(payee, 'available') : bookPlatformAccount(book, 'fees');
}
