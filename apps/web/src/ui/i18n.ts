import { i18n } from '../i18n';

export { i18n };

/**
 * The shared primitives keep their few strings (close, show password...) in their own `ui`
 * namespace, registered here so `src/ui` stays a self-contained folder. English is bundled (every
 * screen needs it first); other languages load with the chosen language (i18n/otherLanguages.ts).
 */
type Messages = Record<string, unknown>;
const english = import.meta.glob<Messages>('./locales/en.json', { eager: true, import: 'default' });

for (const messages of Object.values(english)) {
  i18n.addResourceBundle('en', 'ui', messages, true, false);
}

export const UI_NAMESPACE = 'ui';
