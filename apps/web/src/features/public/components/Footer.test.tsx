import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from '../../../i18n';
import { renderPublic } from '../../../test/render';
import { Footer } from './Footer';

afterEach(cleanup);

describe('Footer', () => {
  it('links to the public pages', () => {
    renderPublic(<Footer />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of ['/', '/about', '/plans', '/contact', '/terms', '/privacy', '/risk']) {
      expect(hrefs).toContain(href);
    }
  });

  it('offers the supported languages and switches to the chosen one', async () => {
    renderPublic(<Footer />);
    const select = screen.getByLabelText<HTMLSelectElement>('Language');
    expect(Array.from(select.options).map((option) => option.value)).toEqual([
      ...SUPPORTED_LANGUAGES,
    ]);
    fireEvent.change(select, { target: { value: 'en' } });
    await waitFor(() => expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en'));
    expect(i18n.language).toBe('en');
  });
});
