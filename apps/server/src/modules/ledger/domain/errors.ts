/** A programming error: an entry that could not be balanced. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** A user account would go below zero. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly accountCode: string,
    /** What the account held before the refused posting. */
    readonly availableCents: bigint,
  ) {
    super(`insufficient funds in ${accountCode}`);
    this.name = 'InsufficientFundsError';
  }
}
