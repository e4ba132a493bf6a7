import { describe, expect, it } from 'vitest';
import { HOUR_MS, DAY_MS, Dec } from '../../market/domain';
import type { NavPoint } from './metrics';
import { returnPcts, windowPointInstants, windowReturn, windowReturns } from './window-returns';

/** A frozen clock: every figure below is measured at this instant. */
const NOW = Date.UTC(2025, 7, 10, 12);
const daysAgo = (days: number) => NOW - days * DAY_MS;

describe('a window’s return: latest NAV ÷ NAV of the last point at or before now − N days, − 1', () => {
  const series: NavPoint[] = [
    { at: daysAgo(400), nav: '1' },
    { at: daysAgo(90), nav: '1.25' },
    { at: daysAgo(30), nav: '1.5' },
    { at: daysAgo(7), nav: '1.2' },
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
      start: { at: daysAgo(30), nav: new Dec('1.5') },
      end: { at: NOW, nav: new Dec('1.32') },
      returnPct: '-12.00',
    });
  });

  it('a point exactly at the window’s start counts; the NAV in force is the last one before it', () => {
    const hourly: NavPoint[] = [
      { at: daysAgo(30) - HOUR_MS, nav: '0.8' },
      { at: daysAgo(30), nav: '1' },
      { at: daysAgo(30) + 1, nav: '2' },
      { at: NOW, nav: '1.1' },
    ];
    expect(windowReturn(hourly, NOW, '30d')?.returnPct).toBe('10.00');
    expect(windowReturn(hourly, NOW + 1, '30d')?.returnPct).toBe('-45.00'); // 1.1 / 2
  });

  it('a record 29 days and 23 hours old has no 30-day return (not the return of its shorter life)', () => {
    // The demo history of a fresh install before its seed reached back the whole 30 days.
    const young: NavPoint[] = [
      { at: daysAgo(30) + HOUR_MS, nav: '1' },
      { at: daysAgo(7), nav: '1.1' },
      { at: NOW, nav: '1.21' },
    ];
    expect(returnPcts(windowReturns(young, NOW))).toEqual({
      '7d': '10.00',
      '30d': null,
      '90d': null,
      '1y': null,
      all: '21.00',
    });
    // An hour later the record reaches back to the window's start: the return is there.
    expect(windowReturn(young, NOW + HOUR_MS, '30d')?.returnPct).toBe('21.00');
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
    // An hourly NAV over 400 days; the repo reads only the first point and the last at or before
    // each instant of windowPointInstants.
    const whole: NavPoint[] = [];
    for (let at = daysAgo(400) + 17 * 60_000; at <= NOW; at += HOUR_MS) {
      whole.push({ at, nav: new Dec(1).plus(new Dec(at % 977).div(1000)).toFixed() });
    }
    const picked = new Set<NavPoint>([whole[0]!]);
    for (const until of windowPointInstants(NOW)) {
      picked.add([...whole].reverse().find((p) => p.at <= until)!);
    }
    expect(picked.size).toBe(6);
    expect(windowReturns([...picked], NOW)).toEqual(windowReturns(whole, NOW));
  });
});
