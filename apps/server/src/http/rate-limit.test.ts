import { describe, expect, it } from 'vitest';
import { bucketKey, retryAfterSeconds } from './rate-limit';

const now = new Date('2025-01-01T12:00:00.000Z');
const at = (secondsFromNow: number) => new Date(now.getTime() + secondsFromNow * 1000);
const account = { name: 'password:account', max: 3, windowMs: 15 * 60_000 };
const address = { name: 'guess:address', max: 5, windowMs: 15 * 60_000 };

describe('retryAfterSeconds', () => {
  it('is null while every bucket is at or under its limit', () => {
    expect(
      retryAfterSeconds(
        [account, address],
        [
          { hits: 3, windowEndsAt: at(900) },
          { hits: 5, windowEndsAt: at(900) },
        ],
        now,
      ),
    ).toBeNull();
  });

  it('waits for the latest window among the exceeded buckets only', () => {
    expect(
      retryAfterSeconds(
        [account, address],
        [
          { hits: 4, windowEndsAt: at(120.2) },
          { hits: 2, windowEndsAt: at(899) },
        ],
        now,
      ),
    ).toBe(121);
    expect(
      retryAfterSeconds(
        [account, address],
        [
          { hits: 4, windowEndsAt: at(120) },
          { hits: 6, windowEndsAt: at(600) },
        ],
        now,
      ),
    ).toBe(600);
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
