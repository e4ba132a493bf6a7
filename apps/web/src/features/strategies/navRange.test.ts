import { describe, expect, it } from 'vitest';
import { pointsInRange } from './navRange';

const day = (d: number) => new Date(Date.UTC(2026, 0, d)).toISOString();
const points = [1, 5, 10, 20, 25, 30].map((d, i) => ({ at: day(d), nav: `1.0${i}` }));
const now = Date.UTC(2026, 0, 30);

describe('pointsInRange', () => {
  it('keeps the window and the last point before it, where its return starts', () => {
    expect(pointsInRange(points, '7d', now).map((p) => p.nav)).toEqual(['1.03', '1.04', '1.05']);
  });

  it('keeps everything for the whole record and for a window longer than it', () => {
    expect(pointsInRange(points, 'all', now)).toHaveLength(6);
    expect(pointsInRange(points, '90d', now)).toHaveLength(6);
  });

  it('keeps the last point when the window holds none, and nothing for no history', () => {
    expect(pointsInRange(points, '7d', Date.UTC(2026, 2, 1)).map((p) => p.nav)).toEqual(['1.05']);
    expect(pointsInRange([], '30d', now)).toEqual([]);
  });
});
