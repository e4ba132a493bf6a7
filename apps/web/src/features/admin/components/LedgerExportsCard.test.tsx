import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchAnswering } from '../../../test/fetch';
import { LedgerExportsCard } from './LedgerExportsCard';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const NOW = () => new Date('2026-11-25T10:00:00Z');
let calls: string[] = [];

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
cleanUpAfterEach();
afterEach(() => vi.restoreAllMocks());

describe('LedgerExportsCard', () => {
  it('downloads last month’s journal and the balances at its last day', async () => {
    calls = stubFetchAnswering(
      () =>
        new Response(new Blob(['x']), {
          headers: { 'content-disposition': 'attachment; filename="nestrado-journal.csv"' },
        }),
    );
    render(<LedgerExportsCard now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download journal (CSV)' }));
    expect(await screen.findByText('Downloaded nestrado-journal.csv.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download balances (CSV)' }));
    await screen.findByText('Downloaded nestrado-journal.csv.');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      '/api/admin/exports/journal?from=2026-10-01&to=2026-10-31',
      '/api/admin/exports/balances?at=2026-10-31',
    ]);
  });

  it('refuses a date in the future on its field without asking', () => {
    calls = stubFetchAnswering(() => new Response('', { status: 500 }));
    render(<LedgerExportsCard now={NOW} />);
    fillIn('Date', '2026-12-01');
    fireEvent.click(screen.getByRole('button', { name: 'Download balances (CSV)' }));
    expect(screen.getByText('The date cannot be in the future')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
