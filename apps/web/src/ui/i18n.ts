import { i18n, registerLoader } from '../i18n';

/**
 * The shared primitives keep their few strings (close, show password...) in their own `ui`
 * namespace, registered here so `src/ui` stays a self-contained folder. English is bundled (every
 * screen needs it first); other languages load with the chosen language (see i18n/index.ts).
 */
type Messages = Record<string, unknown>;
const english = import.meta.glob<Messages>('./locales/en.json', { eager: true, import: 'default' });
const others = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

for (const messages of Object.values(english)) {
  i18n.addResourceBundle('en', 'ui', messages, true, false);
}
for (const [path, loader] of Object.entries(others)) {
  const language = /\/([^/]+)\.json$/.exec(path)?.[1];
  if (language) registerLoader('ui', language, loader);
}

export const UI_NAMESPACE = 'ui';
