import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchAnswering } from '../../../test/fetch';
import { StatementDialog } from './StatementDialog';

const NOW = () => new Date('2026-11-25T10:00:00Z');
let calls: string[] = [];

const jsonError = (status: number, code: string, message: string, field?: string) =>
  new Response(JSON.stringify({ error: { code, message, ...(field ? { field } : {}) } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An account opened long before: its statement opens on last month and this month to date. */
const renderDialog = (accountOpenedAt = '2025-03-02T09:00:00Z') =>
  render(
    <StatementDialog open onOpenChange={() => {}} now={NOW} accountOpenedAt={accountOpenedAt} />,
  );

describe('StatementDialog', () => {
  it('opens an account opened today on today and this year, not on an empty October and last year', () => {
    calls = stubFetchAnswering(() => new Response('', { status: 500 }));
    renderDialog('2026-11-25T08:00:00Z');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-11-25');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-11-25');
    expect(screen.getByLabelText<HTMLSelectElement>('Year').value).toBe('2026');
  });

  it('asks for last month and this month to date by default and downloads the PDF under the server’s file name', async () => {
    const fileName = 'nestrado-statement-2026-10-01-to-2026-11-25.pdf';
    calls = stubFetchAnswering(
      () =>
        new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${fileName}"`,
          },
        }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDialog();
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-10-01');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-11-25');
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(`Downloaded ${fileName}.`)).toBeTruthy();
    expect(calls).toEqual([
      '/api/statements/account?from=2026-10-01&to=2026-11-25&format=pdf&lang=en',
    ]);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('offers last year’s annual summary and the closed trades', async () => {
    calls = stubFetchAnswering(
      () =>
        new Response(new Blob(['x']), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="f.csv"' },
        }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDialog();
    expect(screen.getByLabelText<HTMLSelectElement>('Year').value).toBe('2025');
    fireEvent.click(screen.getByRole('button', { name: 'Annual summary (PDF)' }));
    await screen.findByText('Downloaded f.csv.');
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annual summary (CSV)' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Closed trades (CSV)' }).hasAttribute('disabled'),
      ).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Closed trades (CSV)' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      '/api/statements/annual?year=2025&format=pdf&lang=en',
      '/api/statements/annual?year=2026&format=csv&lang=en',
      '/api/statements/trades?format=csv',
    ]);
  });

  it('refuses an end before the start without asking the server', () => {
    calls = stubFetchAnswering(() => new Response('', { status: 500 }));
    renderDialog();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.getByText('The end date must be on or after the start date')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('puts a refusal the server names on its field', async () => {
    calls = stubFetchAnswering(() =>
      jsonError(400, 'STATEMENT_RANGE_TOO_LONG', 'A statement can cover at most 5 years', 'to'),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('A statement can cover at most 5 years')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when the statement could not be prepared, and the buttons work again', async () => {
    calls = stubFetchAnswering(() =>
      jsonError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not prepare your statement. Please try again.',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download PDF' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });
});
