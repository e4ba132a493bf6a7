import { describe, expect, it } from 'vitest';
import { loadCountries, MAX_COUNTRY_MATCHES, searchCountries } from './countries';

describe('country search', () => {
  it('finds Germany for "Germ"', async () => {
    const countries = await loadCountries();
    expect(searchCountries(countries, 'Germ').map((c) => c.name)).toEqual(['Germany']);
  });

  it('never lists more than 5 matches', async () => {
    const countries = await loadCountries();
    expect(countries.length).toBeGreaterThan(200);
    for (const query of ['', 'a', 'an', 'i', 'islands']) {
      expect(searchCountries(countries, query).length).toBe(MAX_COUNTRY_MATCHES);
    }
  });

  it('ranks names starting with the query first, ignoring case and accents', async () => {
    const countries = await loadCountries();
    expect(searchCountries(countries, 'ALAND')[0]?.name).toBe('Åland Islands');
    expect(searchCountries(countries, 'ger').map((c) => c.name)).toEqual([
      'Germany',
      'Algeria',
      'Niger',
      'Nigeria',
    ]);
  });

  it('is sorted by common name and carries the flag emoji', async () => {
    const countries = await loadCountries();
    expect(countries[0]?.name).toBe('Afghanistan');
    expect(countries.find((c) => c.code === 'DE')?.flag).toBe('🇩🇪');
  });
});
