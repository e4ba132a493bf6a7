import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderPublic } from '../../../test/render';
import { WithdrawalFeePage } from './WithdrawalFeePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const method = (label: string, feePct: string, feeFixedCents: number, kind = 'crypto') => ({
  methodId: label,
  kind,
  label,
  feePct,
  feeFixedCents,
});

describe('WithdrawalFeePage', () => {
  it("lists each method's fee and what $100.00 becomes by it, worked out by the shared rule", async () => {
    fakeApi({
      'GET /api/settings/fees': {
        body: {
          methods: [
            method('Bitcoin (BTC)', '1.5', 250),
            method('Tether (TRC20)', '0', 100),
            method('Bank Transfer', '0', 0, 'bank'),
          ],
          rounding: 'down_to_cent',
        },
      },
    });
    renderPublic(<WithdrawalFeePage />);
    const table = await screen.findByRole('table', { name: 'Withdrawal fee by method' });
    const row = (name: string) => {
      const header = within(table).getByRole('rowheader', { name });
      const found = header.closest('tr');
      if (!found) throw new Error(`no row for ${name}`);
      return found.textContent;
    };
    expect(row('Bitcoin (BTC)')).toBe('Bitcoin (BTC)1.5% + $2.50$96.00');
    expect(row('Tether (TRC20)')).toBe('Tether (TRC20)$1.00 per withdrawal$99.00');
    expect(row('Bank Transfer')).toBe('Bank TransferNo fee$100.00');
    expect(screen.queryByText(/are free/)).toBeNull();
  });

  it('says withdrawals are free when no method charges anything', async () => {
    fakeApi({
      'GET /api/settings/fees': {
        body: { methods: [method('Bank Transfer', '0', 0, 'bank')], rounding: 'down_to_cent' },
      },
    });
    renderPublic(<WithdrawalFeePage />);
    expect(await screen.findByText(/no processing fee is deducted/)).toBeTruthy();
  });
});
