import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETURN_WINDOW,
  RETURN_WINDOW_DAYS,
  RETURN_WINDOWS,
  returnWindowBoundary,
  returnWindowStart,
} from './return-windows';

const NOW = Date.UTC(2026, 10, 29, 8, 0, 30);

describe('the windows every screen shows a return over', () => {
  it('start exactly N × 24 h before now; "all" at the record’s first point (no instant)', () => {
    expect(returnWindowStart('7d', NOW)).toBe(Date.UTC(2026, 10, 22, 8, 0, 30));
    expect(returnWindowStart('30d', NOW)).toBe(Date.UTC(2026, 9, 30, 8, 0, 30));
    expect(returnWindowStart('90d', NOW)).toBe(Date.UTC(2026, 7, 31, 8, 0, 30));
    expect(returnWindowStart('1y', NOW)).toBe(Date.UTC(2025, 10, 29, 8, 0, 30));
    expect(returnWindowStart('all', NOW)).toBeNull();
  });

  it('are measured from the close of the last hour (7 and 30 days) or UTC day (90 days, a year) before that instant', () => {
    expect(returnWindowBoundary('7d', NOW)).toBe(Date.UTC(2026, 10, 22, 8));
    expect(returnWindowBoundary('30d', NOW)).toBe(Date.UTC(2026, 9, 30, 8));
    expect(returnWindowBoundary('90d', NOW)).toBe(Date.UTC(2026, 7, 31));
    expect(returnWindowBoundary('1y', NOW)).toBe(Date.UTC(2025, 10, 29));
    expect(returnWindowBoundary('all', NOW)).toBeNull();
  });

  it('open on 30 days, one of the windows', () => {
    expect(DEFAULT_RETURN_WINDOW).toBe('30d');
    expect(RETURN_WINDOWS).toContain(DEFAULT_RETURN_WINDOW);
    expect(RETURN_WINDOW_DAYS[DEFAULT_RETURN_WINDOW]).toBe(30);
  });
});
