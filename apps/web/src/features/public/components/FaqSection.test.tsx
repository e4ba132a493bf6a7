import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../lazyNamespaces';
import { renderPublic } from '../../../test/render';
import { FAQ_KEYS } from './faq';
import { FaqSection } from './FaqSection';

beforeAll(async () => {
  await ensureNamespace('publicLower', 'en');
  await ensureNamespace('publicFaq', 'en');
});
afterEach(cleanup);

describe('FaqSection', () => {
  it('lists eight questions, each with its answer in the page (closed until chosen)', () => {
    const { container } = renderPublic(<FaqSection />);
    expect(FAQ_KEYS).toHaveLength(8);
    const entries = container.querySelectorAll('li > details');
    expect(entries).toHaveLength(8);
    const withdrawals = [...entries].find((entry) =>
      entry.querySelector('summary')?.textContent?.includes('How do withdrawals work?'),
    );
    expect(withdrawals?.hasAttribute('open')).toBe(false);
    expect(withdrawals?.textContent).toContain('You never have to pay anything in');
    expect(
      within(withdrawals as HTMLElement)
        .getByRole('link', { name: 'Contact Support' })
        .getAttribute('href'),
    ).toBe('/contact');
  });

  it('opens the answer in a dialog with a Contact Support link, and Escape closes it', async () => {
    const { router } = renderPublic(<FaqSection />);
    const question = screen.getByText('How do withdrawals work?').closest('summary')!;
    question.focus();
    fireEvent.click(question);

    const dialog = await screen.findByRole('dialog', { name: 'How do withdrawals work?' });
    expect(router.state.location.search).toBe('?faq=withdrawals');
    expect(dialog.textContent).toContain('You never have to pay anything in');
    expect(within(dialog).getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/contact',
    );

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(question));
  });

  it('opens the answer named in the address', async () => {
    renderPublic(<FaqSection />, '/?faq=fees');
    expect(await screen.findByRole('dialog', { name: 'What fees do you charge?' })).toBeTruthy();
  });
});
