import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../features/auth/components/countries';
import { CountryFlag, flagUrl } from './CountryFlag';

afterEach(cleanup);

describe('CountryFlag', () => {
  it('has an SVG flag, bundled with the app (no CDN), for every country of the picker', () => {
    const missing = COUNTRIES.filter((country) => !flagUrl(country.code)).map((c) => c.code);
    expect(missing).toEqual([]);
    const url = flagUrl('DE') ?? '';
    expect(url).toMatch(/DE\.svg/);
    expect(url).not.toMatch(/^https?:/);
  });

  it('draws an image, not an emoji, hidden from screen readers (the name is beside it)', () => {
    const { container } = render(<CountryFlag code="de" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(flagUrl('DE'));
    expect(img?.getAttribute('alt')).toBe('');
    expect(container.textContent).toBe('');
  });
});
