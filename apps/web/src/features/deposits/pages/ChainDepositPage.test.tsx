import type { ChainRail, ChainTransfer } from '@app/shared/schemas/chain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import {
  chainRailFixture,
  chainTransferFixture,
  chainTxHash,
  creditedChainTransfer,
  testUser,
} from '../../../test/fixtures';
import { renderSignedIn, requestsSettled } from '../../../test/render';
import { chainKeys, OPEN_TRANSFER_REFETCH_MS } from '../chainApi';
import { ChainDepositPage } from './ChainDepositPage';
import { DepositsPage } from './DepositsPage';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const HASH = chainTxHash();

const devRail = chainRailFixture();

const transfer = chainTransferFixture;
const credited = chainTransferFixture(creditedChainTransfer);

/** The chain routes answering with `rails` and `transfers` (a function: a fresh list each read). */
function chainApi(rails: ChainRail[], transfers: ChainTransfer[] | (() => ChainTransfer[])) {
  return fakeApi({
    'GET /api/chain/rails': { body: { rails } },
    'GET /api/chain/networks/dev/address': {
      body: { address: { network: 'dev', address: ADDRESS } },
    },
    'GET /api/chain/transfers': () => ({
      body: { transfers: typeof transfers === 'function' ? transfers() : transfers },
    }),
    'POST /api/chain/dev/faucet': { body: { txHash: HASH } },
    'GET /api/payment-methods': { body: { methods: [] } },
  });
}

function openChainPage(network = 'dev') {
  return renderSignedIn(
    <ChainDepositPage />,
    `/deposits/chain/${network}`,
    '/deposits/chain/:network',
  );
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/deposits: the crypto rails above the form', () => {
  it('lists "USDC on Development chain" as test money, leading to its own page', async () => {
    chainApi([devRail], []);
    renderSignedIn(<DepositsPage />, '/deposits', '/deposits');
    const entry = await screen.findByRole('link', { name: /USDC on Development chain/ });
    expect(entry.getAttribute('href')).toBe('/deposits/chain/dev');
    expect(entry.textContent).toContain('Credited after 3 confirmations');
    expect(entry.textContent).toContain('Test money');
    expect(
      screen.getByText('Deposit from your own crypto wallet — credited automatically'),
    ).toBeTruthy();
  });

  it('shows no crypto card when the rails are off (the server refuses), only the form', async () => {
    fakeApi({
      'GET /api/chain/rails': {
        status: 404,
        body: { error: { code: 'CHAIN_RAILS_OFF', message: 'No crypto rails' } },
      },
      'GET /api/payment-methods': { body: { methods: [] } },
    });
    renderSignedIn(<DepositsPage />, '/deposits', '/deposits');
    expect(await screen.findByRole('button', { name: 'Continue to Payment' })).toBeTruthy();
    await requestsSettled();
    expect(screen.queryByText(/credited automatically/)).toBeNull();
  });
});

describe('/deposits/chain/:network', () => {
  it('shows the own address with its QR code, the warning, the minimum and the confirmations', async () => {
    chainApi([devRail], []);
    openChainPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deposit USDC on Development chain' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ADDRESS);
    const qr = screen.getByTitle('QR code of your deposit address on Development chain');
    expect(qr.closest('svg')!.getAttribute('height')).toBe('256');
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    const warning = screen.getByRole('note');
    expect(warning.textContent).toContain('Send only USDC on Development chain');
    expect(warning.textContent).toContain(
      'Any other token, or USDC sent on another network, is lost',
    );
    expect(
      screen.getByText('At least 1 USDC. A smaller transfer is recorded but not credited.'),
    ).toBeTruthy();
    expect(screen.getByText(/^Credited after 3 confirmations: the block/)).toBeTruthy();
    expect(screen.getByText('Development chain (chain id 31337)')).toBeTruthy();
    expect(await screen.findByText('No transfers yet')).toBeTruthy();
  });

  it('"Send test USDC" asks the faucet for 25 test USDC on this network and says so', async () => {
    const calls = chainApi([devRail], []);
    openChainPage();
    expect(await screen.findByText('Development chain: test money only')).toBeTruthy();
    expect(screen.getByText(/test money with no value/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send test USDC' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('25 test USDC sent to your address', {
        description: 'It shows below in a moment and is credited after its confirmations.',
      }),
    );
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        path: '/api/chain/dev/faucet',
        body: { network: 'dev', amount: 25 },
      }),
    ]);
  });

  it('offers no test money on a real network', async () => {
    chainApi([{ ...devRail, development: false }], []);
    openChainPage();
    expect(await screen.findByText('No transfers yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send test USDC' })).toBeNull();
    expect(screen.queryByText(/test money/)).toBeNull();
  });

  it('words each transfer: confirming k of N, credited with its transaction, held, removed', async () => {
    chainApi(
      [devRail],
      [
        transfer({ id: 'a', explorerUrl: `https://explorer.example/tx/${HASH}` }),
        { ...credited, id: 'b' },
        transfer({
          id: 'c',
          status: 'held',
          holdReason: 'below_minimum',
          amount: '500000',
          amountText: '0.5',
        }),
        transfer({ id: 'd', status: 'dropped' }),
      ],
    );
    openChainPage();
    const list = await screen.findByTestId('chain-transfers');
    const [confirming, done, held, dropped] = within(list).getAllByRole('listitem');
    expect(within(confirming!).getByText('Confirming 2 of 3')).toBeTruthy();
    expect(within(confirming!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    const explorer = within(confirming!).getByRole('link', { name: /View on the explorer/ });
    expect(explorer.getAttribute('href')).toBe(`https://explorer.example/tx/${HASH}`);
    expect(explorer.getAttribute('target')).toBe('_blank');

    expect(within(done!).getByText('Credited')).toBeTruthy();
    expect(within(done!).getByText('$25.00 added to your balance.')).toBeTruthy();
    expect(
      within(done!).getByRole('link', { name: 'Transaction TNX-AB12CD' }).getAttribute('href'),
    ).toBe('/transactions?q=TNX-AB12CD');
    expect(within(done!).queryByRole('progressbar')).toBeNull();

    expect(within(held!).getByText('0.5 USDC')).toBeTruthy();
    expect(
      within(held!).getByText(
        'Below the minimum of 1 USDC: recorded, not credited. Contact support about it.',
      ),
    ).toBeTruthy();
    expect(
      within(dropped!).getByText('Removed from the chain by a reorganisation; not credited.'),
    ).toBeTruthy();
    // Without an explorer, the hash is text.
    expect(within(dropped!).queryByRole('link')).toBeNull();
    expect(within(dropped!).getByTitle(HASH).textContent).toBe('0xaaaaaaaa…aaaaaaaa');
  });

  it('moves on live: the realtime event (the chain keys) turns "Confirming" into "Credited"', async () => {
    let current = transfer({});
    chainApi([devRail], () => [current]);
    const { queryClient } = openChainPage();
    expect(await screen.findByText('Confirming 2 of 3')).toBeTruthy();
    current = credited;
    await act(() => queryClient.invalidateQueries({ queryKey: chainKeys.all }));
    expect(await screen.findByText('Credited')).toBeTruthy();
    expect(screen.queryByText(/Confirming/)).toBeNull();
  });

  it('reads the transfers again every few seconds while one is confirming, and stops once none is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    let current = transfer({});
    chainApi([devRail], () => {
      reads += 1;
      return [current];
    });
    openChainPage();
    expect(await screen.findByText('Confirming 2 of 3')).toBeTruthy();
    expect(reads).toBe(1);
    current = credited;
    act(() => {
      vi.advanceTimersByTime(OPEN_TRANSFER_REFETCH_MS);
    });
    expect(await screen.findByText('Credited')).toBeTruthy();
    expect(reads).toBe(2);
    act(() => {
      vi.advanceTimersByTime(OPEN_TRANSFER_REFETCH_MS * 3);
    });
    await requestsSettled();
    expect(reads).toBe(2);
  });

  it('tells an unknown network apart, with the way back', async () => {
    chainApi([devRail], []);
    openChainPage('ethereum');
    expect(await screen.findByText('This network is not offered for deposits')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All deposit methods' }).getAttribute('href')).toBe(
      '/deposits',
    );
  });

  it('shows an inactive account the notice instead of the address', () => {
    chainApi([devRail], []);
    renderSignedIn(<ChainDepositPage />, '/deposits/chain/dev', '/deposits/chain/:network', {
      ...testUser,
      isActive: false,
      activatedAt: null,
    });
    expect(screen.getByRole('heading', { name: 'Account is not active' })).toBeTruthy();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
  });
});
