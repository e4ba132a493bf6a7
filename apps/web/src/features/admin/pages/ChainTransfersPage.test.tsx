import type { AdminChainTransfer, ChainWatcherStatus } from '@app/shared/schemas/chain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { cleanUpAfterEach } from '../../../test/lifecycle';
import { adminChainTransferFixture, chainTxHash } from '../../../test/fixtures';
import { ChainTransfersPage } from './ChainTransfersPage';

const HASH = chainTxHash('c');

const transfer = adminChainTransferFixture;

function watcher(overrides: Partial<ChainWatcherStatus>): ChainWatcherStatus {
  return {
    network: 'dev',
    networkName: 'Development chain',
    token: 'USDC',
    cursorBlock: '42',
    head: '42',
    blocksBehind: 0,
    lastPassAt: '2026-11-29T10:02:00.000Z',
    lastError: null,
    ...overrides,
  };
}

function setup(
  watchers: ChainWatcherStatus[],
  transfers: (call: RecordedCall) => { items: AdminChainTransfer[]; nextCursor: string | null },
) {
  const stub = stubApi((call) => {
    if (call.path === '/api/admin/chain/watchers') return { body: { watchers } };
    if (call.path === '/api/admin/chain/transfers') {
      const page = transfers(call);
      return { body: { transfers: page.items, nextCursor: page.nextCursor } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

cleanUpAfterEach();

describe('ChainTransfersPage', () => {
  it("says in words how each watcher is: up to date, N blocks behind, or paused with the node's error", async () => {
    setup(
      [
        watcher({}),
        watcher({ network: 'base', cursorBlock: '100', head: '112', blocksBehind: 12 }),
        watcher({ network: 'ethereum', lastError: 'fetch failed: ECONNREFUSED' }),
        watcher({
          network: 'polygon',
          cursorBlock: null,
          head: null,
          blocksBehind: null,
          lastPassAt: null,
        }),
      ],
      () => ({ items: [], nextCursor: null }),
    );
    renderAt('/admin/chain-transfers', <ChainTransfersPage />);
    const items = await screen.findAllByTestId('chain-watcher');
    const [dev, base, ethereum, polygon] = items;
    expect(within(dev!).getByText('USDC on Development chain')).toBeTruthy();
    expect(within(dev!).getByText('Up to date')).toBeTruthy();
    expect(within(base!).getByText('12 blocks behind the chain')).toBeTruthy();
    expect(within(base!).getByText('Block 100 of 112')).toBeTruthy();
    expect(within(ethereum!).getByText('Crediting paused: the node does not answer')).toBeTruthy();
    expect(within(ethereum!).getByText('Last error: fetch failed: ECONNREFUSED')).toBeTruthy();
    expect(within(ethereum!).getByText(/Nothing is lost/)).toBeTruthy();
    expect(within(polygon!).getByText('Not started yet: waiting for its first pass')).toBeTruthy();
    expect(await screen.findByText('No crypto transfers yet')).toBeTruthy();
  });

  it('lists the transfers: amount and USD credited, the user linking to their page, k of N, the hold reason, the explorer', async () => {
    setup([watcher({})], () => ({
      items: [
        transfer({ txHash: HASH, explorerUrl: `https://explorer.example/tx/${HASH}` }),
        transfer({
          id: 'ct-2',
          status: 'confirming',
          confirmations: 1,
          centsCredited: null,
          transactionId: null,
        }),
        transfer({
          id: 'ct-3',
          status: 'held',
          holdReason: 'below_minimum',
          amountText: '0.5',
          centsCredited: null,
          transactionId: null,
          userEmail: null,
        }),
      ],
      nextCursor: null,
    }));
    renderAt('/admin/chain-transfers', <ChainTransfersPage />);
    const table = await screen.findByRole('table', { name: 'Crypto transfers' });
    const [, credited, confirming, held] = within(table).getAllByRole('row');
    expect(within(credited!).getByText('25 USDC')).toBeTruthy();
    expect(within(credited!).getByText('$25.00 credited')).toBeTruthy();
    expect(within(credited!).getByText('Credited')).toBeTruthy();
    expect(
      within(credited!).getByRole('link', { name: 'morgan@example.com' }).getAttribute('href'),
    ).toBe('/admin/users/user-1');
    expect(within(credited!).getByText('0xcccccccc…cccccccc').getAttribute('title')).toBe(HASH);
    expect(within(credited!).getByText('Block 42')).toBeTruthy();
    const explorer = within(credited!).getByRole('link', { name: 'View on the explorer' });
    expect(explorer.getAttribute('href')).toBe(`https://explorer.example/tx/${HASH}`);

    expect(within(confirming!).getByText('Confirming 1 of 3')).toBeTruthy();
    expect(within(confirming!).queryByRole('link', { name: 'View on the explorer' })).toBeNull();

    expect(within(held!).getByText('Held')).toBeTruthy();
    expect(within(held!).getByText("Below the network's minimum for this token")).toBeTruthy();
    expect(within(held!).getByText('Account closed')).toBeTruthy();
  });

  it('filters by status on the server, kept in the address, and pages on with the cursor', async () => {
    const { calls } = setup([watcher({})], (call) =>
      call.query.get('cursor') === 'next-1'
        ? {
            items: [
              transfer({ id: 'ct-9', amountText: '9', status: 'held', holdReason: 'no_rate' }),
            ],
            nextCursor: null,
          }
        : { items: [transfer({ status: 'held', holdReason: 'no_rate' })], nextCursor: 'next-1' },
    );
    const { router } = renderAt('/admin/chain-transfers', <ChainTransfersPage />);
    await screen.findByRole('table', { name: 'Crypto transfers' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'held' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=held'));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path === '/api/admin/chain/transfers' && call.query.get('status') === 'held',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('9 USDC')).toBeTruthy();
    const next = calls.find((call) => call.query.get('cursor') === 'next-1');
    expect(next?.query.get('status')).toBe('held');
    expect(screen.getAllByText('No USD rate is set for this token')).toHaveLength(2);
  });
});
