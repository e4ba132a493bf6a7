import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderSignedIn } from '../../../test/render';
import { tx } from '../../../test/fixtures';
import { TransactionsPage } from './TransactionsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty = { body: { items: [], nextCursor: null } };

describe('TransactionsPage', () => {
  it("says 'No transactions found!' when there are none", async () => {
    fakeApi({ 'GET /api/transactions?limit=20': empty });
    renderSignedIn(<TransactionsPage />, '/transactions', '/transactions');
    expect(await screen.findByText('No transactions found!')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search by transaction ID')).toBeTruthy();
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    const calls = fakeApi({
      'GET /api/transactions?limit=20': { body: { items: [tx()], nextCursor: null } },
      'GET /api/transactions?limit=20&q=tnx-zz': empty,
    });
    const { router } = renderSignedIn(<TransactionsPage />, '/transactions', '/transactions');
    await screen.findByText('TNX-AB12CD');
    fireEvent.change(screen.getByPlaceholderText('Search by transaction ID'), {
      target: { value: 'tnx-z' },
    });
    fireEvent.change(screen.getByPlaceholderText('Search by transaction ID'), {
      target: { value: 'tnx-zz' },
    });
    expect(await screen.findByText('No transactions found!')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=tnx-zz');
    // The intermediate text never reached the server.
    expect(calls.map((call) => call.path)).toEqual([
      '/api/transactions?limit=20',
      '/api/transactions?limit=20&q=tnx-zz',
    ]);
  });

  it('starts from the search in the URL and loads more with the cursor', async () => {
    const calls = fakeApi({
      'GET /api/transactions?limit=20&q=btc': {
        body: { items: [tx({ id: 'a', transactionId: 'TNX-AAAAAA' })], nextCursor: 'c1' },
      },
      'GET /api/transactions?limit=20&q=btc&cursor=c1': {
        body: { items: [tx({ id: 'b', transactionId: 'TNX-BBBBBB' })], nextCursor: null },
      },
    });
    renderSignedIn(<TransactionsPage />, '/transactions?q=btc', '/transactions');
    await screen.findByText('TNX-AAAAAA');
    const search = screen.getByPlaceholderText<HTMLInputElement>('Search by transaction ID');
    expect(search.value).toBe('btc');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('TNX-BBBBBB');
    expect(screen.getByText('TNX-AAAAAA')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(calls.at(-1)?.path).toBe('/api/transactions?limit=20&q=btc&cursor=c1');
  });
});
