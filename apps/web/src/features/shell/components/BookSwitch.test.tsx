import type { PracticeAccount } from '@app/shared/schemas/practice';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookStore } from '../../../lib/book';
import { fakeApi } from '../../../test/fetch';
import { openedPractice, practiceFixture } from '../../../test/fixtures';
import { renderSignedIn, requestsSettled } from '../../../test/render';
import { BookSwitch } from './BookSwitch';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** Offered, the user verified, no account yet (practiceFixture varies it). */
function practice(overrides: Partial<PracticeAccount> = {}): PracticeAccount {
  return practiceFixture({ account: null, ...overrides });
}

function renderSwitch(current: PracticeAccount, extra = {}) {
  const calls = fakeApi({ 'GET /api/practice': { body: { practice: current } }, ...extra });
  renderSignedIn(<BookSwitch />, '/plans', '/plans');
  return calls;
}

const chosen = () => useBookStore.getState().byUser.u1 ?? 'real';

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useBookStore.setState({ byUser: {} });
});

describe('the Practice / Real switch', () => {
  it('is a radio group saying which account is shown, Real until Practice is chosen', async () => {
    renderSwitch(practice({ account: openedPractice }));
    const group = await screen.findByRole('group', { name: 'Account shown' });
    const [first, second] = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(first?.labels?.[0]?.textContent).toBe('Practice');
    expect(second?.labels?.[0]?.textContent).toBe('Real');
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Real' }).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Practice' }));
    expect(chosen()).toBe('practice');
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Practice' }).checked).toBe(
      true,
    );
    expect(group.dataset.book).toBe('practice');
    fireEvent.click(within(group).getByRole('radio', { name: 'Real' }));
    expect(chosen()).toBe('real');
  });

  it('opens the practice account the first time Practice is chosen, then shows its balance', async () => {
    // The server: no practice account until POST /api/practice/start opens it.
    let account: PracticeAccount['account'] = null;
    const calls = fakeApi({
      'GET /api/practice': () => ({ body: { practice: practice({ account }) } }),
      'POST /api/practice/start': () => {
        account = openedPractice;
        return { status: 201, body: { practice: practice({ account }) } };
      },
    });
    renderSignedIn(<BookSwitch />, '/plans', '/plans');
    fireEvent.click(await screen.findByRole('radio', { name: 'Practice' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/practice/start',
    ]);
    expect(chosen()).toBe('practice');
    expect(toast.success).toHaveBeenCalledWith(
      'Practice — virtual money · Your practice account is open with $10,000.00 of virtual money',
    );
  });

  it('stays on Real and says why when the account cannot be opened', async () => {
    renderSwitch(practice(), {
      'POST /api/practice/start': {
        status: 403,
        body: { error: { code: 'PRACTICE_OFF', message: 'Practice is switched off.' } },
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Practice' }));
    await requestsSettled();
    expect(chosen()).toBe('real');
    expect(toast.error).toHaveBeenCalledWith('We could not open your practice account', {
      description: expect.any(String) as unknown,
    });
  });

  it('asks a user whose e-mail is not verified to verify it, and opens nothing', async () => {
    const calls = renderSwitch(practice({ eligible: false }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Practice' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Verify your e-mail address to practise',
    });
    expect(within(dialog).getByRole('link', { name: 'Verify on my profile' })).toHaveProperty(
      'pathname',
      '/profile',
    );
    expect(chosen()).toBe('real');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks the server again when the e-mail was verified since it answered', async () => {
    let verified = false;
    const calls = fakeApi({
      'GET /api/practice': () => ({ body: { practice: practice({ eligible: verified }) } }),
      'POST /api/practice/start': {
        status: 201,
        body: { practice: practice({ account: openedPractice }) },
      },
    });
    renderSignedIn(<BookSwitch />, '/plans', '/plans');
    const radio = await screen.findByRole('radio', { name: 'Practice' });
    await requestsSettled();
    verified = true;
    fireEvent.click(radio);
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path === '/api/practice/start')).toBe(true);
  });

  it('is hidden while the operator has practice off, and the real account is shown then', async () => {
    useBookStore.setState({ byUser: { u1: 'practice' } });
    renderSwitch(practice({ enabled: false, account: openedPractice }));
    await requestsSettled();
    expect(screen.queryByRole('group', { name: 'Account shown' })).toBeNull();
    expect(chosen()).toBe('real');
  });
});
