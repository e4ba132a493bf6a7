import { describe, expect, it } from 'vitest';
import { bucketKey, retryAfterSeconds } from './rate-limit';

const now = new Date('2025-01-01T12:00:00.000Z');
const at = (secondsFromNow: number) => new Date(now.getTime() + secondsFromNow * 1000);
const account = { name: 'password:account', max: 3, windowMs: 15 * 60_000 };
const address = { name: 'guess:address', max: 5, windowMs: 15 * 60_000 };

type Hits = { hits: number; endsIn: number };

/** retryAfterSeconds for the account and address buckets: their hits and seconds left in window. */
const retryAfter = (onAccount: Hits, onAddress: Hits) =>
  retryAfterSeconds(
    [account, address],
    [onAccount, onAddress].map(({ hits, endsIn }) => ({ hits, windowEndsAt: at(endsIn) })),
    now,
  );

describe('retryAfterSeconds', () => {
  it('is null while every bucket is at or under its limit', () => {
    expect(retryAfter({ hits: 3, endsIn: 900 }, { hits: 5, endsIn: 900 })).toBeNull();
  });

  it('waits for the latest window among the exceeded buckets only', () => {
    expect(retryAfter({ hits: 4, endsIn: 120.2 }, { hits: 2, endsIn: 899 })).toBe(121);
    expect(retryAfter({ hits: 4, endsIn: 120 }, { hits: 6, endsIn: 600 })).toBe(600);
  });

  it('never answers less than one second', () => {
    expect(retryAfterSeconds([account], [{ hits: 9, windowEndsAt: at(0.001) }], now)).toBe(1);
  });
});

describe('bucketKey', () => {
  it('is a 32-byte digest that separates families and subjects', () => {
    const key = bucketKey('password:account', 'ada@example.com');
    expect(key).toHaveLength(32);
    expect(key.toString('latin1')).not.toContain('ada@example.com');
    expect(key.equals(bucketKey('otp:account', 'ada@example.com'))).toBe(false);
    expect(key.equals(bucketKey('password:account', 'ada@example.co'))).toBe(false);
    expect(key.equals(bucketKey('password:account', 'ada@example.com'))).toBe(true);
  });
});
