import snapshot from '../data/countries.json';

/**
 * Country data for the register form: code, common name and flag emoji of every country in the
 * `world-countries` package, sorted by name. The package is 120 KB gzipped (every field of every
 * country), so the three fields we show are kept in `data/countries.json` (4 KB);
 * countries.test.ts fails if that file drifts from the installed package and shows how to
 * regenerate it.
 */
export interface CountryOption {
  code: string;
  name: string;
  flag: string;
}

/** The picker never lists more than this many matches (seed). */
export const MAX_COUNTRY_MATCHES = 5;

interface RawCountry {
  cca2: string;
  flag: string;
  name: { common: string };
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function toCountryOptions(raw: readonly RawCountry[]): CountryOption[] {
  return raw
    .map((c) => ({ code: c.cca2, name: c.name.common, flag: c.flag }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Lower case without accents, so "aland" finds "Åland Islands" and "cote" finds "Côte d'Ivoire". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The countries whose common name contains the query, those starting with it first, each group
 * in alphabetical order, at most `limit` of them. An empty query lists the first names.
 */
export function searchCountries(
  countries: readonly CountryOption[],
  query: string,
  limit = MAX_COUNTRY_MATCHES,
): CountryOption[] {
  const needle = fold(query);
  if (!needle) return countries.slice(0, limit);
  const starts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const country of countries) {
    const name = fold(country.name);
    if (name.startsWith(needle)) starts.push(country);
    else if (name.includes(needle)) contains.push(country);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** Every country, sorted by common name. */
export const COUNTRIES: readonly CountryOption[] = snapshot;
