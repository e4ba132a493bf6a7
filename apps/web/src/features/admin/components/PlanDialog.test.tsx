import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { PlanDialog } from './PlanDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
});
