import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render';
import { AccountClosedPage } from './AccountClosedPage';

afterEach(cleanup);

describe('/account-closed', () => {
  it('says the account is closed and what became of the money and the data', async () => {
    renderRoute(<AccountClosedPage />, {
      entry: { pathname: '/account-closed', state: { ledgerRetentionYears: 10 } },
      routePath: '/account-closed',
    });
    expect(await screen.findByRole('heading', { name: 'Your account is closed' })).toBeTruthy();
    expect(
      screen.getByText(
        'Money: your account was empty when it closed, so nothing was left in it. It can no longer receive deposits or make withdrawals.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/kept for 10 years, as financial regulations require/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('still explains the data after a reload (no navigation state)', async () => {
    renderRoute(<AccountClosedPage />, { entry: '/account-closed', routePath: '/account-closed' });
    expect(
      await screen.findByText(/kept for as long as financial regulations require/),
    ).toBeTruthy();
  });
});
