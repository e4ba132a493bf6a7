import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loaderFor, namespaceOf, namespacesIn, registerLoader } from './loaders';

/**
 * Every user-facing string goes through react-i18next. Each feature keeps its strings in
 * `features/<feature>/locales/<lang>.json` (namespace = the folder name) and may split rarely
 * needed texts into `locales/<part>/<lang>.json` (namespace = feature + Part, e.g. `publicFaq`).
 * Only `common` is bundled with the first chunk; every other namespace is its own small chunk,
 * loaded by the route that needs it (`lazyPage`) before the page renders, so pages never flash
 * keys and the landing page carries no other screen's texts.
 *
 * Other languages cost English readers nothing: their loaders live in `otherLanguages.ts`, a chunk
 * fetched only when a language other than English is wanted, and each of their namespaces (`common`
 * and `ui` included) is again its own chunk.
 */
type Messages = Record<string, unknown>;

const commonFiles = import.meta.glob<Messages>('../features/common/locales/en.json', {
  eager: true,
  import: 'default',
});
const englishFiles = import.meta.glob<Messages>(
  ['../features/*/locales/en.json', '../features/*/locales/*/en.json'],
  { import: 'default' },
);

export const SUPPORTED_LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Each language named in itself, so a reader finds their own language whatever is on screen. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
};
export const LANGUAGE_STORAGE_KEY = 'language';
/**
 * Namespaces every screen uses; loaded for the current language with any route's texts (`errors`:
 * the text of every error code the server can answer with, lib/errors.ts).
 */
const ALWAYS_LOADED = ['common', 'ui', 'errors'];
/**
 * Loaded with them in any language but English: the translations of the shared schemas' English
 * rule messages (lib/messages.ts), which English readers see as they are.
 */
const TRANSLATIONS_ONLY = ['validation'];

export function isSupportedLanguage(language: string | undefined): language is Language {
  return (SUPPORTED_LANGUAGES as readonly (string | undefined)[]).includes(language);
}

/** The supported language i18next is showing (`de-CH` would count as `de`), else English. */
export function currentLanguage(): Language {
  const base = i18n.language?.split('-')[0];
  return isSupportedLanguage(base) ? base : 'en';
}

for (const [path, loader] of Object.entries(englishFiles)) {
  const target = namespaceOf(path);
  if (target) registerLoader(target.namespace, target.language, loader);
}

let otherLanguages: Promise<void> | undefined;
/** Registers the loaders of every language but English, once, from their own chunk. */
function registerOtherLanguages(): Promise<void> {
  otherLanguages ??= import('./otherLanguages').then((module) => module.registerOtherLanguages());
  return otherLanguages;
}

const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(commonFiles)) {
  const language = /\/([^/]+)\.json$/.exec(path)?.[1];
  if (language) resources[language] = { common: messages };
}

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
    return isSupportedLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources,
  partialBundledLanguages: true,
  lng: initialLanguage,
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});
// Screen readers and hyphenation follow the page's language from the first paint on.
if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage;

/**
 * Loads namespaces for `language` and for English (the fallback), unless already loaded. The
 * namespaces every screen uses come along, so a visitor who chose German earlier sees German from
 * the first route on.
 */
export async function ensureNamespaces(
  namespaces: readonly string[],
  language: string = currentLanguage(),
): Promise<void> {
  if (language !== 'en') await registerOtherLanguages();
  const languages = Array.from(new Set([language, 'en']));
  const extra = language === 'en' ? [] : TRANSLATIONS_ONLY;
  const all = Array.from(new Set([...namespaces, ...ALWAYS_LOADED, ...extra]));
  await Promise.all(
    all.flatMap((namespace) =>
      languages.map(async (lang) => {
        const load = loaderFor(namespace, lang);
        if (!load || i18n.hasResourceBundle(lang, namespace)) return;
        i18n.addResourceBundle(lang, namespace, await load(), true, false);
      }),
    ),
  );
}

/** Every namespace with English texts (the server renders public pages with all of them). */
export function englishNamespaces(): string[] {
  return namespacesIn('en');
}

function loadedNamespaces(): string[] {
  const store = i18n.store.data.en ?? {};
  return Object.keys(store);
}

/** Switches language after loading the new language's texts for everything already on screen. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureNamespaces(loadedNamespaces(), language);
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  document.documentElement.lang = currentLanguage();
}

export { i18n };
