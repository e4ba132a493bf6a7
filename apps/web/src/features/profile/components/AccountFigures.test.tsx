import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { summaryWith } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { AccountFigures } from './AccountFigures';
import { cleanUpAfterEach } from '../../../test/lifecycle';

cleanUpAfterEach();

describe('AccountFigures', () => {
  it('shows the amount on hold for pending withdrawals, as the dashboard does, not a count (issue 39)', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/account/summary': {
          body: { ...summaryWith(59_868), heldCents: 10_000, pendingWithdrawalsCount: 1 },
        },
      }).fetchStub,
    );
    renderAt('/profile', <AccountFigures />);
    const pending = await screen.findByRole('link', { name: /Pending Withdrawals/ });
    expect(await screen.findByText('$100.00')).toBeTruthy();
    expect(pending.textContent).toBe('Pending Withdrawals$100.00');
  });
});
