import { i18n } from '../i18n';

/**
 * The shared primitives keep their few strings (close, show password...) in their own `ui`
 * namespace, registered here so `src/ui` stays a self-contained folder.
 */
type Messages = Record<string, unknown>;
const files = import.meta.glob<Messages>('./locales/*.json', { eager: true, import: 'default' });

for (const [path, messages] of Object.entries(files)) {
  const language = /\/([^/]+)\.json$/.exec(path)?.[1];
  if (language) i18n.addResourceBundle(language, 'ui', messages, true, false);
}

export const UI_NAMESPACE = 'ui';
