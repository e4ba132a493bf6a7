import { describe, expect, it } from 'vitest';
import worldCountries from 'world-countries';
import {
  COUNTRIES,
  countryName,
  localizedCountries,
  MAX_COUNTRY_MATCHES,
  searchCountries,
  toCountryOptions,
} from './countries';

describe('country search', () => {
  it('finds Germany for "Germ"', () => {
    const countries = COUNTRIES;
    expect(searchCountries(countries, 'Germ').map((c) => c.name)).toEqual(['Germany']);
  });

  it('never lists more than 5 matches', () => {
    const countries = COUNTRIES;
    expect(countries.length).toBeGreaterThan(200);
    for (const query of ['', 'a', 'an', 'i', 'islands']) {
      expect(searchCountries(countries, query).length).toBe(MAX_COUNTRY_MATCHES);
    }
  });

  it('ranks names starting with the query first, ignoring case and accents', () => {
    const countries = COUNTRIES;
    expect(searchCountries(countries, 'ALAND')[0]?.name).toBe('Åland Islands');
    expect(searchCountries(countries, 'ger').map((c) => c.name)).toEqual([
      'Germany',
      'Algeria',
      'Niger',
      'Nigeria',
    ]);
  });

  it('is sorted by common name and carries the flag emoji', () => {
    const countries = COUNTRIES;
    expect(countries[0]?.name).toBe('Afghanistan');
    expect(countries.find((c) => c.code === 'DE')?.flag).toBe('🇩🇪');
  });

  it('matches the installed world-countries package', () => {
    // On failure, regenerate from apps/web/src/features/auth:
    // node -e "const c=require('world-countries');const col=new Intl.Collator('en',{sensitivity:'base'});require('fs').writeFileSync('data/countries.json',JSON.stringify(c.map(x=>({code:x.cca2,name:x.name.common,flag:x.flag})).sort((a,b)=>col.compare(a.name,b.name)))+'\\n')"
    expect(COUNTRIES).toEqual(toCountryOptions(worldCountries));
  });
});

describe('country names in the reader’s language (issue 39: "País: Germany")', () => {
  it('names a stored country in Spanish and German from its ISO code', () => {
    expect(countryName('Germany', 'es')).toBe('Alemania');
    expect(countryName('Germany', 'de')).toBe('Deutschland');
    expect(countryName('Germany', 'en')).toBe('Germany');
    expect(countryName('Spain', 'de')).toBe('Spanien');
  });

  it('searches the names the reader sees (and still the English ones), sorted in that language', () => {
    const spanish = localizedCountries('es');
    expect(searchCountries(spanish, 'alem').map((c) => [c.name, c.englishName])).toEqual([
      ['Alemania', 'Germany'],
    ]);
    expect(searchCountries(spanish, 'Germ').map((c) => c.name)).toEqual(['Alemania']);
    expect(localizedCountries('de').length).toBe(COUNTRIES.length);
  });

  it('shows what matches no country as stored', () => {
    expect(countryName('Atlantis', 'de')).toBe('Atlantis');
  });
});
