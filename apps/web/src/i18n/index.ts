import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every user-facing string goes through react-i18next. Each feature keeps its strings in
 * `features/<feature>/locales/<lang>.json` (namespace = the folder name) and may split rarely
 * needed texts into `locales/<part>/<lang>.json` (namespace = feature + Part, e.g. `publicFaq`).
 * Only `common` is bundled with the first chunk; every other namespace is its own small chunk,
 * loaded by the route that needs it (`lazyPage`) before the page renders, so pages never flash
 * keys and the landing page carries no other screen's texts.
 */
type Messages = Record<string, unknown>;
type Loader = () => Promise<Messages>;

const commonFiles = import.meta.glob<Messages>('../features/common/locales/*.json', {
  eager: true,
  import: 'default',
});
const featureFiles = import.meta.glob<Messages>('../features/*/locales/*.json', {
  import: 'default',
});
const partFiles = import.meta.glob<Messages>('../features/*/locales/*/*.json', {
  import: 'default',
});

export const SUPPORTED_LANGUAGES = ['en'] as const;
export const LANGUAGE_STORAGE_KEY = 'language';

/** namespace → language → loader */
const loaders = new Map<string, Map<string, Loader>>();
function register(namespace: string, language: string, loader: Loader): void {
  let byLanguage = loaders.get(namespace);
  if (!byLanguage) {
    byLanguage = new Map<string, Loader>();
    loaders.set(namespace, byLanguage);
  }
  byLanguage.set(language, loader);
}
for (const [path, loader] of Object.entries(featureFiles)) {
  const match = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
  if (match?.[1] && match[2]) register(match[1], match[2], loader);
}
for (const [path, loader] of Object.entries(partFiles)) {
  const match = /features\/([^/]+)\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) continue;
  register(`${match[1]}${match[2].charAt(0).toUpperCase()}${match[2].slice(1)}`, match[3], loader);
}

const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(commonFiles)) {
  const language = /\/([^/]+)\.json$/.exec(path)?.[1];
  if (language) resources[language] = { common: messages };
}

function storedLanguage(): string {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

void i18n.use(initReactI18next).init({
  resources,
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** Loads namespaces for `language` and for English (the fallback), unless already loaded. */
export async function ensureNamespaces(
  namespaces: readonly string[],
  language: string = i18n.language || 'en',
): Promise<void> {
  const languages = Array.from(new Set([language, 'en']));
  await Promise.all(
    namespaces.flatMap((namespace) =>
      languages.map(async (lang) => {
        const load = loaders.get(namespace)?.get(lang);
        if (!load || i18n.hasResourceBundle(lang, namespace)) return;
        i18n.addResourceBundle(lang, namespace, await load(), true, false);
      }),
    ),
  );
}

function loadedNamespaces(): string[] {
  const store = i18n.store.data.en ?? {};
  return Object.keys(store);
}

/** Switches language after loading the new language's texts for everything already on screen. */
export async function changeLanguage(language: string): Promise<void> {
  await ensureNamespaces(loadedNamespaces(), language);
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  document.documentElement.lang = language;
}

export { i18n };
