import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every user-facing string goes through react-i18next. Each feature keeps its own strings in
 * `features/<feature>/locales/<lang>.json` (the namespace is the feature's folder name), so
 * features never edit a shared file. English is the source language (the seed's words).
 */
type Messages = Record<string, unknown>;
const files = import.meta.glob<Messages>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

export const SUPPORTED_LANGUAGES = ['en'] as const;
export const LANGUAGE_STORAGE_KEY = 'language';

const resources: Record<string, Record<string, Messages>> = {};
for (const [path, messages] of Object.entries(files)) {
  const match = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, namespace = '', language = ''] = match;
  (resources[language] ??= {})[namespace] = messages;
}

function storedLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? 'en';
  } catch {
    return 'en';
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function changeLanguage(language: string): void {
  void i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  document.documentElement.lang = language;
}

export { i18n };
