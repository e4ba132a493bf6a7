import type { DirectoryEntry } from '@app/shared/schemas/strategies';
import { describe, expect, it } from 'vitest';
import { sortDirectory } from './directory';

const entry = (name: string, fields: Partial<DirectoryEntry>): DirectoryEntry =>
  ({
    id: name,
    name,
    returns: { '7d': null, '30d': null, '90d': null, '1y': null, all: null },
    recordMaxDrawdownPct: null,
    riskScore: null,
    copiers: 0,
    aumCents: 0,
    startedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  }) as DirectoryEntry;

const names = (entries: DirectoryEntry[]) => entries.map((e) => e.name);

describe('sortDirectory', () => {
  const a = entry('a', {
    returns: { '7d': '-2.00', '30d': '12.50', '90d': null, '1y': null, all: '3.00' },
    recordMaxDrawdownPct: '8.00',
    riskScore: 4,
    copiers: 10,
    startedAt: '2025-03-01T00:00:00.000Z',
  });
  const b = entry('b', {
    returns: { '7d': '1.00', '30d': '-4.00', '90d': null, '1y': null, all: '9.10' },
    recordMaxDrawdownPct: '2.50',
    riskScore: 7,
    copiers: 3,
    startedAt: '2024-12-01T00:00:00.000Z',
  });
  const young = entry('young', { startedAt: '2025-06-01T00:00:00.000Z' });

  it('orders by the chosen window, a strategy without that return last (not as 0 %)', () => {
    expect(names(sortDirectory([young, b, a], 'return', '30d'))).toEqual(['a', 'b', 'young']);
    expect(names(sortDirectory([young, a, b], 'return', '7d'))).toEqual(['b', 'a', 'young']);
  });

  it('smallest fall, lowest risk and longest record first; most copiers first', () => {
    expect(names(sortDirectory([a, young, b], 'drawdown', 'all'))).toEqual(['b', 'a', 'young']);
    expect(names(sortDirectory([young, b, a], 'risk', 'all'))).toEqual(['a', 'b', 'young']);
    expect(names(sortDirectory([a, young, b], 'age', 'all'))).toEqual(['b', 'a', 'young']);
    expect(names(sortDirectory([b, young, a], 'copiers', 'all'))).toEqual(['a', 'b', 'young']);
  });
});
