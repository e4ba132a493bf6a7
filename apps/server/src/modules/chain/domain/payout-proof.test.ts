import { describe, expect, it } from 'vitest';
import { centsToBaseUnitsUp, judgePayout, type PayoutReceipt } from './payout-proof';
import { parseUsdRate } from './units';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HASH = `0x${'ab'.repeat(32)}`;

const receipt = (overrides: Partial<PayoutReceipt> = {}): PayoutReceipt => ({
  succeeded: true,
  blockNumber: 10n,
  blockHash: HASH,
  transfers: [{ contract: TOKEN, to: TO, value: 12_350_000n }],
  ...overrides,
});

const judge = (
  r: PayoutReceipt | null,
  overrides: Partial<Parameters<typeof judgePayout>[0]> = {},
) =>
  judgePayout({
    receipt: r,
    canonicalHash: HASH,
    token: TOKEN,
    to: TO,
    required: 12_350_000n,
    confirmedThrough: 10n,
    head: 12n,
    ...overrides,
  });

describe('centsToBaseUnitsUp', () => {
  it('is exact at a rate of 1 (12.35 USD of a 6-decimal token)', () => {
    expect(centsToBaseUnitsUp(1235n, 6, parseUsdRate('1'))).toBe(12_350_000n);
  });
  it('rounds a fraction of a base unit up, never down', () => {
    // 12.35 / 0.9998 = 12.352470494... tokens
    expect(centsToBaseUnitsUp(1235n, 6, parseUsdRate('0.9998'))).toBe(12_352_471n);
  });
  it('at 2 decimals and a rate above 1', () => {
    // 1 cent at 3 USD per token = 0.00333... tokens = 0.333 base units → 1
    expect(centsToBaseUnitsUp(1n, 2, parseUsdRate('3'))).toBe(1n);
  });
});

describe('judgePayout', () => {
  it('proves the transfer of the token to the address, at least the net amount, confirmed', () => {
    expect(judge(receipt())).toEqual({ kind: 'proven', sent: 12_350_000n });
  });
  it('adds up several transfers of the token to the address in one transaction', () => {
    const split = receipt({
      transfers: [
        { contract: TOKEN, to: TO.toLowerCase(), value: 12_000_000n },
        { contract: TOKEN.toLowerCase(), to: TO, value: 350_000n },
      ],
    });
    expect(judge(split)).toEqual({ kind: 'proven', sent: 12_350_000n });
  });
  it('an unknown or failed transaction, or one whose block left the chain, is not found', () => {
    expect(judge(null)).toEqual({ kind: 'not_found' });
    expect(judge(receipt({ succeeded: false }))).toEqual({ kind: 'not_found' });
    expect(judge(receipt(), { canonicalHash: `0x${'cd'.repeat(32)}` })).toEqual({
      kind: 'not_found',
    });
  });
  it('another token, or the token to another address, is the wrong transfer', () => {
    expect(judge(receipt({ transfers: [{ contract: OTHER, to: TO, value: 99n ** 9n }] }))).toEqual({
      kind: 'wrong_transfer',
    });
    expect(
      judge(receipt({ transfers: [{ contract: TOKEN, to: OTHER, value: 99n ** 9n }] })),
    ).toEqual({ kind: 'wrong_transfer' });
  });
  it('one base unit less than required is too little', () => {
    expect(judge(receipt(), { required: 12_350_001n })).toEqual({
      kind: 'too_little',
      sent: 12_350_000n,
    });
  });
  it('a block above the confirmed one has its confirmations counted', () => {
    expect(judge(receipt({ blockNumber: 12n }), { confirmedThrough: 10n, head: 12n })).toEqual({
      kind: 'unconfirmed',
      confirmations: 1,
    });
  });
});
