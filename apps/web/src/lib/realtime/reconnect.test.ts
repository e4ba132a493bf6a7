import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './reconnect';

describe('reconnectDelayMs', () => {
  it.each([
    [0, 1000],
    [4, 1000],
    [5, 5000],
    [14, 5000],
    [15, 10000],
    [99, 10000],
    [100, 60000],
    [5000, 60000],
  ])('attempt %d waits %d ms', (attempt, delay) => {
    expect(reconnectDelayMs(attempt)).toBe(delay);
  });
});
