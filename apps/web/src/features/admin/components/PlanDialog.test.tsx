import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminStrategy } from '../api';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { strategyTerms } from '../../../test/fixtures';
import { PlanDialog } from './PlanDialog';
import { cleanUpAfterEach } from '../../../test/lifecycle';

cleanUpAfterEach();

describe('PlanDialog', () => {
  it('offers the operator\'s "Featured" label, saying the card notes it is not advice', () => {
    vi.stubGlobal('fetch', stubApi(() => undefined).fetchStub);
    renderAt(
      '/admin/plans',
      <PlanDialog plan={null} strategies={[]} open onOpenChange={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    const featured = within(dialog).getByRole('checkbox', { name: /Featured/ });
    expect(featured.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.textContent).toContain('with a note that it is not personal advice');
    expect(dialog.textContent).not.toMatch(/recommended/i);
  });

  it("shows a lead trader's fee as the strategy's, sends none, and refuses a minimum below the strategy's", () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      stubApi((request) => {
        calls.push(request);
        return undefined;
      }).fetchStub,
    );
    const strategy = {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Grace Bitcoin Trend',
      terms: strategyTerms({ performanceFeePct: '20.00' }),
    } as unknown as AdminStrategy;
    renderAt(
      '/admin/plans',
      <PlanDialog plan={null} strategies={[strategy]} open onOpenChange={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: strategy.id } });
    expect(within(dialog).queryByLabelText('Performance fee (%)')).toBeNull();
    expect(within(dialog).getByTestId('plan-fee-from-strategy').textContent).toContain('20.00%');
    expect(dialog.textContent).toContain('At least the strategy’s minimum copy, $100.00.');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Grace' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum (USD)'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum (USD)'), { target: { value: '5000' } });
    fireEvent.change(within(dialog).getByLabelText('Term (days)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(dialog.textContent).toContain(
      'The minimum must be at least the strategy’s minimum copy amount, $100',
    );
    expect(calls).toHaveLength(0);
  });
});
