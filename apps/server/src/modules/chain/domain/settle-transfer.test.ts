import { describe, expect, it } from 'vitest';
import { confirmationsShown, confirmedThrough, nextScanRange, rewoundCursor } from './scan-range';
import { settleTransfer, type SettleInput } from './settle-transfer';
import { parseUsdRate } from './units';

const HASH = `0x${'ab'.repeat(32)}`;
const OTHER = `0x${'cd'.repeat(32)}`;
const USDC = { decimals: 6, minimum: 1_000_000n, usdRate: parseUsdRate('1') };

function input(overrides: Partial<SettleInput> = {}): SettleInput {
  return {
    transfer: { blockNumber: 10n, blockHash: HASH, amount: 1_234_567n },
    canonicalHash: HASH,
    head: 12n,
    confirmedThrough: confirmedThrough(12n, 3, null),
    token: USDC,
    ...overrides,
  };
}

describe('settleTransfer', () => {
  it('credits a canonical transfer with the confirmations, cents floored', () => {
    expect(settleTransfer(input())).toEqual({ kind: 'credit', cents: 123n, remainder: 4_567n });
  });

  it('waits one block short of the confirmations', () => {
    const head = 11n;
    expect(
      settleTransfer(input({ head, confirmedThrough: confirmedThrough(head, 3, null) })),
    ).toEqual({ kind: 'confirming', confirmations: 2 });
  });

  it('drops a transfer whose block is no longer canonical, confirmed or not', () => {
    expect(settleTransfer(input({ canonicalHash: OTHER }))).toEqual({ kind: 'dropped' });
    expect(settleTransfer(input({ canonicalHash: OTHER, head: 10n }))).toEqual({
      kind: 'dropped',
    });
  });

  it('waits when the block is beyond the head the node reports', () => {
    expect(settleTransfer(input({ canonicalHash: null }))).toEqual({
      kind: 'confirming',
      confirmations: 0,
    });
  });

  it('holds a confirmed transfer below the minimum, and a token without a rate', () => {
    const small = { blockNumber: 10n, blockHash: HASH, amount: 999_999n };
    expect(settleTransfer(input({ transfer: small }))).toEqual({
      kind: 'held',
      reason: 'below_minimum',
    });
    expect(settleTransfer(input({ token: { ...USDC, usdRate: null } }))).toEqual({
      kind: 'held',
      reason: 'no_rate',
    });
  });

  it('under a finality tag, credits up to the tagged block only', () => {
    expect(settleTransfer(input({ confirmedThrough: confirmedThrough(12n, 3, 9n) }))).toEqual({
      kind: 'confirming',
      confirmations: 3,
    });
  });
});

describe('scan ranges', () => {
  it('bounded ranges up to the head, none when caught up', () => {
    expect(nextScanRange(100n, 5_000n, 1_000)).toEqual({ from: 101n, to: 1_100n });
    expect(nextScanRange(4_500n, 5_000n, 1_000)).toEqual({ from: 4_501n, to: 5_000n });
    expect(nextScanRange(5_000n, 5_000n, 1_000)).toBeNull();
  });

  it('a reorg rewinds by the confirmation depth, not below the floor', () => {
    expect(rewoundCursor(100n, 12, 0n)).toBe(88n);
    expect(rewoundCursor(5n, 12, 2n)).toBe(2n);
  });
});

describe('confirmations shown to the investor', () => {
  it('k of N from the last head, capped; all once settled; none once dropped or before a head', () => {
    expect(confirmationsShown('seen', 100n, 100n, 3)).toBe(1);
    expect(confirmationsShown('confirming', 100n, 101n, 3)).toBe(2);
    expect(confirmationsShown('confirming', 100n, 150n, 3)).toBe(3);
    expect(confirmationsShown('seen', 100n, 99n, 3)).toBe(0);
    expect(confirmationsShown('seen', 100n, null, 3)).toBe(0);
    expect(confirmationsShown('credited', 100n, null, 3)).toBe(3);
    expect(confirmationsShown('held', 100n, 100n, 3)).toBe(3);
    expect(confirmationsShown('dropped', 100n, 120n, 3)).toBe(0);
  });
});
