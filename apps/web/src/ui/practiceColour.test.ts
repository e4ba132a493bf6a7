import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The practice colour (issue 42) against WCAG 2 contrast (at least 4.5:1 for text), read from the
 * theme in index.css. The band draws the page's background colour on the practice colour, so it
 * reads the same whatever is behind it; the badge draws the practice colour on the page and card
 * backgrounds (the app has one, dark, theme).
 */
const css = readFileSync(path.join(path.dirname(import.meta.dirname), 'index.css'), 'utf8');

function token(name: string): string {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`--color-${name} is not a six-digit hex colour`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the practice colour', () => {
  it('is its own: not the brand colour, nor the gain or loss colour', () => {
    const practice = token('practice').toLowerCase();
    for (const other of ['brand', 'brand-strong', 'danger', 'warning']) {
      expect(practice).not.toBe(token(other).toLowerCase());
    }
  });

  it('the band (background colour on practice) reads at 4.5:1 or more', () => {
    expect(contrast(token('bg'), token('practice'))).toBeGreaterThanOrEqual(4.5);
  });

  it('the badge and marks (practice on the page, card and raised surfaces) read at 4.5:1 or more', () => {
    for (const behind of ['bg', 'surface', 'surface-2']) {
      expect(contrast(token('practice'), token(behind))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('measures as WCAG does: black on white is 21:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
