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
  /** The name shown: in the reader's language (localizedCountries), English in COUNTRIES. */
  name: string;
  flag: string;
  /** The English common name: what the account stores (and what a search may still type). */
  englishName?: string;
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
    const names = [fold(country.name), fold(country.englishName ?? country.name)];
    if (names.some((name) => name.startsWith(needle))) starts.push(country);
    else if (names.some((name) => name.includes(needle))) contains.push(country);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** Every country, sorted by common name. */
export const COUNTRIES: readonly CountryOption[] = snapshot;

const byLanguage = new Map<string, readonly CountryOption[]>();

/**
 * Every country with its name in `language` (Intl.DisplayNames from the ISO code: "Alemania",
 * "Deutschland"), sorted in that language; `englishName` keeps what the account stores. A code
 * the runtime cannot name keeps its English name. English keeps the bundled common names.
 */
export function localizedCountries(language: string): readonly CountryOption[] {
  const cached = byLanguage.get(language);
  if (cached) return cached;
  // English reads the bundled common names, as the seed's picker did.
  if (language.startsWith('en')) {
    const english = COUNTRIES.map((country) => ({ ...country, englishName: country.name }));
    byLanguage.set(language, english);
    return english;
  }
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const order = new Intl.Collator(language, { sensitivity: 'base' });
  const list = COUNTRIES.map((country) => ({
    ...country,
    name: names.of(country.code) ?? country.name,
    englishName: country.name,
  })).sort((a, b) => order.compare(a.name, b.name));
  byLanguage.set(language, list);
  return list;
}

/** A stored country (its English common name, or an ISO code) as the reader's language names it. */
export function findCountry(stored: string, language: string): CountryOption | undefined {
  return localizedCountries(language).find(
    (country) => country.englishName === stored || country.code === stored,
  );
}

/** A stored country's name in `language`; what no country matches is shown as stored. */
export function countryName(stored: string, language: string): string {
  return findCountry(stored, language)?.name ?? stored;
}
