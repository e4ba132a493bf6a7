import type { MyAppropriateness } from '@app/shared/schemas/appropriateness';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderSignedIn } from '../../../test/render';
import { silverPlan } from '../../../test/fixtures';
import { AppropriatenessPage } from './AppropriatenessPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const t = (en: string) => ({ en, es: `${en} (es)`, de: `${en} (de)` });
const questionnaire = {
  version: 3,
  questions: [
    {
      id: 'experience',
      text: t('How often have you copied a trader?'),
      options: [
        { id: 'never', text: t('Never') },
        { id: 'often', text: t('Often') },
      ],
    },
    {
      id: 'losses',
      text: t('Can you lose money?'),
      options: [
        { id: 'yes', text: t('Yes') },
        { id: 'no', text: t('No') },
      ],
    },
  ],
};

function mine(overrides: Partial<MyAppropriateness>): MyAppropriateness {
  return { required: true, standing: 'not_taken', questionnaire, assessment: null, ...overrides };
}

const warned = mine({
  standing: 'warning_pending',
  assessment: {
    id: 'a1',
    version: 3,
    result: 'not_appropriate',
    score: 0,
    maxScore: 2,
    passScore: 1,
    takenAt: '2026-11-26T10:00:00.000Z',
    acknowledgedAt: null,
  },
});

describe('/appropriateness', () => {
  it('asks every question before sending, then sends the answers to the version shown', async () => {
    const calls = fakeApi({
      'GET /api/appropriateness': { body: mine({}) },
      'POST /api/appropriateness': { body: warned },
    });
    renderSignedIn(<AppropriatenessPage />, '/appropriateness', '/appropriateness');
    const first = await screen.findByRole('group', { name: /copied a trader/ });
    fireEvent.click(within(first).getByRole('radio', { name: 'Often' }));
    fireEvent.click(screen.getByRole('button', { name: 'See my result' }));
    const second = screen.getByRole('group', { name: /lose money/ });
    expect(within(second).getByRole('alert').textContent).toBe('Please choose an answer');
    expect(within(first).queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(within(second).getByRole('radio', { name: 'Yes' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(second).getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'See my result' }));
    await screen.findByTestId('appropriateness-warning');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { version: 3, answers: { experience: 'often', losses: 'no' } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Your answers were saved');
  });

  it('the warning needs its box ticked before the acknowledgement is sent', async () => {
    const calls = fakeApi({
      'GET /api/appropriateness': { body: warned },
      'POST /api/appropriateness/acknowledge': {
        body: {
          ...warned,
          standing: 'warning_acknowledged',
          assessment: { ...warned.assessment, acknowledgedAt: '2026-11-26T10:01:00.000Z' },
        },
      },
    });
    renderSignedIn(<AppropriatenessPage />, '/appropriateness?plan=p-1', '/appropriateness');
    const warning = await screen.findByTestId('appropriateness-warning');
    fireEvent.click(within(warning).getByRole('button', { name: 'Confirm and continue' }));
    expect(within(warning).getByRole('alert').textContent).toBe(
      'Please confirm that you have read and understood the warning',
    );
    const box = within(warning).getByRole('checkbox', {
      name: 'I have read and understood this warning, and I want to continue.',
    });
    expect(document.activeElement).toBe(box);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(box);
    fireEvent.click(within(warning).getByRole('button', { name: 'Confirm and continue' }));
    const back = await screen.findByRole('link', { name: 'Back to the plan' });
    expect(back.getAttribute('href')).toBe('/plans?plan=p-1');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { acknowledged: true },
    ]);
  });

  it('carries the investment the check interrupted: not made yet, then back to its confirmation with the amount', async () => {
    const planId = '11111111-1111-4111-8111-111111111111';
    const appropriate = mine({
      standing: 'appropriate',
      assessment: { ...warned.assessment!, result: 'appropriate', score: 2 },
    });
    fakeApi({
      'GET /api/appropriateness': { body: mine({}) },
      'GET /api/plans': { body: { plans: [silverPlan] } },
      'POST /api/appropriateness': { body: appropriate },
    });
    renderSignedIn(
      <AppropriatenessPage />,
      `/appropriateness?plan=${planId}&amount=1000.00`,
      '/appropriateness',
    );
    expect(
      await screen.findByText(
        'Your investment of $1,000.00 in the Silver plan has not been made yet. Answer the questions below; then you go back to its confirmation with the amount kept.',
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('group', { name: /copied a trader/ })).getByRole('radio', {
        name: 'Often',
      }),
    );
    fireEvent.click(
      within(screen.getByRole('group', { name: /lose money/ })).getByRole('radio', {
        name: 'Yes',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'See my result' }));
    const back = await screen.findByRole('link', { name: 'Back to the confirmation' });
    expect(back.getAttribute('href')).toBe(`/plans?plan=${planId}&amount=1000.00`);
    expect(screen.getByTestId('investment-pending').textContent).toBe(
      'Your investment of $1,000.00 in the Silver plan has not been made yet. Go back to its confirmation to check the figures and confirm.',
    );
    // The note says it; a toast would stay over the confirmation's title at 390 px.
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a result that does not allow investing yet says so, with no way back to the confirmation', async () => {
    fakeApi({
      'GET /api/appropriateness': { body: warned },
      'GET /api/plans': { body: { plans: [silverPlan] } },
    });
    renderSignedIn(
      <AppropriatenessPage />,
      `/appropriateness?plan=${silverPlan.id}&amount=1000.00`,
      '/appropriateness',
    );
    await screen.findByTestId('appropriateness-warning');
    expect((await screen.findByText(/has not been made, and it cannot be made/)).textContent).toBe(
      'Your investment of $1,000.00 in the Silver plan has not been made, and it cannot be made unless you acknowledge the warning below. If you would rather not invest, leave it here: no money has moved.',
    );
    expect(screen.queryByRole('link', { name: 'Back to the confirmation' })).toBeNull();
  });
});
