import { describe, expect, it } from 'vitest';
import { HOUR_MS, DAY_MS, Dec } from '../../market/domain';
import type { NavPoint } from './metrics';
import {
  returnPcts,
  sameReturnsBand,
  windowBoundaries,
  windowReturn,
  windowReturns,
} from './window-returns';

/** A frozen clock: every figure below is measured at this instant. */
const NOW = Date.UTC(2025, 7, 10, 12);
const daysAgo = (days: number) => NOW - days * DAY_MS;
const MINUTE_MS = 60_000;

describe('a window’s return: latest NAV ÷ NAV at the close of the last hour or day before now − N days, − 1', () => {
  // Each the last NAV of the hour (7, 30 days) or the UTC day (90 days) before the window's start.
  const series: NavPoint[] = [
    { at: daysAgo(400), nav: '1' },
    { at: daysAgo(90) - 12 * HOUR_MS - MINUTE_MS, nav: '1.25' },
    { at: daysAgo(30) - MINUTE_MS, nav: '1.5' },
    { at: daysAgo(7) - MINUTE_MS, nav: '1.2' },
    { at: NOW, nav: '1.32' },
  ];

  it('measures each window from the NAV in force at its start', () => {
    expect(returnPcts(windowReturns(series, NOW))).toEqual({
      '7d': '10.00', // 1.32 / 1.2
      '30d': '-12.00', // 1.32 / 1.5
      '90d': '5.60', // 1.32 / 1.25
      '1y': '32.00', // the NAV of 400 days ago was still in force a year ago
      all: '32.00',
    });
  });

  it('says which points it measured between, for the chart to start and end there', () => {
    const thirty = windowReturn(series, NOW, '30d');
    expect(thirty).toEqual({
      start: { at: daysAgo(30) - MINUTE_MS, nav: new Dec('1.5') },
      end: { at: NOW, nav: new Dec('1.32') },
      returnPct: '-12.00',
    });
  });

  it('starts at the close of the last whole hour: a point in the start’s own hour does not count', () => {
    const minutes: NavPoint[] = [
      { at: daysAgo(30) - HOUR_MS, nav: '0.8' },
      { at: daysAgo(30) - MINUTE_MS, nav: '1' },
      { at: daysAgo(30), nav: '2' },
      { at: NOW, nav: '1.1' },
    ];
    expect(windowReturn(minutes, NOW, '30d')?.returnPct).toBe('10.00');
    // Half an hour later the start's hour has not ended by now − 30 days: still measured from 1.
    expect(windowReturn(minutes, NOW + 30 * MINUTE_MS, '30d')?.returnPct).toBe('10.00');
    expect(windowReturn(minutes, NOW + HOUR_MS, '30d')?.returnPct).toBe('-45.00'); // 1.1 / 2
  });

  it('the 90-day and 1-year windows start at the close of the last UTC day before their start', () => {
    const days: NavPoint[] = [
      { at: Date.UTC(2024, 7, 9, 23, 59), nav: '0.5' },
      { at: Date.UTC(2024, 7, 10, 0, 0), nav: '0.8' },
      { at: Date.UTC(2025, 4, 11, 23, 59), nav: '1' },
      { at: Date.UTC(2025, 4, 12, 6, 0), nav: '1.2' },
      { at: NOW, nav: '1.1' },
    ];
    // Now − 90 days is 12 May 2025 at noon, now − 365 days 10 August 2024 at noon.
    expect(returnPcts(windowReturns(days, NOW))).toMatchObject({ '90d': '10.00', '1y': '120.00' });
  });

  it('a record 29 days and 23 hours old has no 30-day return (not the return of its shorter life)', () => {
    // The demo history of a fresh install before its seed reached back the whole 30 days.
    const young: NavPoint[] = [
      { at: daysAgo(30) + HOUR_MS, nav: '1' },
      { at: daysAgo(7) - MINUTE_MS, nav: '1.1' },
      { at: NOW, nav: '1.21' },
    ];
    expect(returnPcts(windowReturns(young, NOW))).toEqual({
      '7d': '10.00',
      '30d': null,
      '90d': null,
      '1y': null,
      all: '21.00',
    });
    // Once the hour of its first point has ended by now − 30 days, the return is there.
    expect(windowReturn(young, NOW + HOUR_MS, '30d')).toBeNull();
    expect(windowReturn(young, NOW + 2 * HOUR_MS, '30d')?.returnPct).toBe('21.00');
  });

  it('a strategy with one NAV has no return at all', () => {
    expect(returnPcts(windowReturns([{ at: NOW, nav: '1' }], NOW))).toEqual({
      '7d': null,
      '30d': null,
      '90d': null,
      '1y': null,
      all: null,
    });
  });

  it('ignores points after now and keeps exact decimals until it writes the figure', () => {
    const exact: NavPoint[] = [
      { at: daysAgo(31), nav: '3' },
      { at: NOW, nav: '3.0000000001' },
      { at: NOW + 1, nav: '9' },
    ];
    expect(windowReturn(exact, NOW, '30d')?.end.nav.toFixed()).toBe('3.0000000001');
    expect(windowReturn(exact, NOW, '30d')?.returnPct).toBe('0.00');
  });

  it('the points it depends on give exactly the figures of the whole series', () => {
    // An hourly NAV over 400 days; the repo reads only the first and the latest point and the
    // last before each of windowBoundaries.
    const whole: NavPoint[] = [];
    for (let at = daysAgo(400) + 17 * 60_000; at <= NOW; at += HOUR_MS) {
      whole.push({ at, nav: new Dec(1).plus(new Dec(at % 977).div(1000)).toFixed() });
    }
    const picked = new Set<NavPoint>([whole[0]!]);
    for (const before of windowBoundaries(NOW)) {
      picked.add([...whole].reverse().find((p) => p.at < before)!);
    }
    picked.add([...whole].reverse().find((p) => p.at <= NOW)!);
    expect(picked.size).toBe(6);
    expect(windowReturns([...picked], NOW)).toEqual(windowReturns(whole, NOW));
  });
});

describe('the band of latest NAVs that state the same returns (the tick measures only outside it)', () => {
  // 7d from 2 (the NAV of 8 days ago), every longer window from 1: at 2.2, 10.00 % and 120.00 %.
  const history: NavPoint[] = [
    { at: daysAgo(400), nav: '1' },
    { at: daysAgo(8), nav: '2' },
  ];
  const at = (nav: string) => windowReturns([...history, { at: NOW, nav }], NOW);
  const band = sameReturnsBand(at('2.2'));
  const inside = (nav: string) => band.above?.lt(nav) === true && band.below?.gt(nav) === true;

  it('is the narrowest window’s half a place either side, each NAV inside stating the same texts', () => {
    // 120.00 % from 1 holds within (2.19995, 2.20005); 10.00 % from 2, the wider (2.1999, 2.2001).
    for (const nav of ['2.1999500001', '2.2', '2.2000499999']) {
      expect(inside(nav), nav).toBe(true);
      expect(returnPcts(at(nav)), nav).toEqual(returnPcts(at('2.2')));
    }
  });

  it('leaves out its edges and everything beyond, where a text changes or may', () => {
    // 2.20005 states 120.01 % (half up); the lower edge 2.19995 still 120.00 %, measured all the same.
    for (const nav of ['2.1999499999', '2.19995', '2.20005', '2.3'])
      expect(inside(nav), nav).toBe(false);
    expect(returnPcts(at('2.20005')).all).toBe('120.01');
    expect(returnPcts(at('2.1999499999')).all).toBe('119.99');
  });

  it('is unbounded while every window is null (a null follows from the points’ times)', () => {
    expect(sameReturnsBand(windowReturns([{ at: NOW, nav: '1.5' }], NOW))).toEqual({
      above: null,
      below: null,
    });
  });
});
