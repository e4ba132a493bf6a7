import { namespaceOf, registerLoader } from './loaders';

/**
 * The loaders of every language but English (see index.ts): this module is a chunk of its own,
 * fetched the first time another language is wanted, so the English first load does not carry a
 * list of every translation file.
 */
const featureFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../features/*/locales/*.json',
    '../features/*/locales/*/*.json',
    '!../features/*/locales/en.json',
    '!../features/*/locales/*/en.json',
  ],
  { import: 'default' },
);
const uiFiles = import.meta.glob<Record<string, unknown>>(
  ['../ui/locales/*.json', '!../ui/locales/en.json'],
  { import: 'default' },
);

export function registerOtherLanguages(): void {
  for (const [path, loader] of Object.entries(featureFiles)) {
    const target = namespaceOf(path);
    if (target) registerLoader(target.namespace, target.language, loader);
  }
  for (const [path, loader] of Object.entries(uiFiles)) {
    const language = /\/([^/]+)\.json$/.exec(path)?.[1];
    if (language) registerLoader('ui', language, loader);
  }
}
