import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';

/**
 * Texts needed only on some screens are namespaces loaded on demand, so they add nothing to the
 * landing page's first load (every `locales/*.json` is bundled with the app's first chunk):
 * - `publicPages` (`locales/pages/<lang>.json`): /about, /terms, /privacy, /risk;
 * - `publicLower` (`locales/lower/<lang>.json`): the landing page's lower half (stories, FAQ
 *   questions), loaded with that half;
 * - `publicFaq` (`locales/faq/<lang>.json`): the FAQ answers, loaded with the answer dialog.
 */
type Messages = Record<string, unknown>;
type Loaders = Record<string, () => Promise<Messages>>;

const NAMESPACES = {
  publicPages: import.meta.glob<Messages>('./locales/pages/*.json', { import: 'default' }),
  publicLower: import.meta.glob<Messages>('./locales/lower/*.json', { import: 'default' }),
  publicFaq: import.meta.glob<Messages>('./locales/faq/*.json', { import: 'default' }),
} satisfies Record<string, Loaders>;

export type LazyNamespace = keyof typeof NAMESPACES;

function loaderFor(namespace: LazyNamespace, language: string) {
  const loaders: Loaders = NAMESPACES[namespace];
  const folder = { publicPages: 'pages', publicLower: 'lower', publicFaq: 'faq' }[namespace];
  return loaders[`./locales/${folder}/${language}.json`];
}

/** Loads `namespace` for `language` and for English (the fallback), unless already loaded. */
export async function ensureNamespace(
  namespace: LazyNamespace,
  language: string = i18n.language || 'en',
): Promise<void> {
  const wanted = Array.from(new Set([language, 'en']));
  await Promise.all(
    wanted.map(async (lang) => {
      const load = loaderFor(namespace, lang);
      if (!load || i18n.hasResourceBundle(lang, namespace)) return;
      i18n.addResourceBundle(lang, namespace, await load(), true, false);
    }),
  );
}

/**
 * `useTranslation` for a lazy namespace: callers load it before first render (route `lazy`, the
 * dialog's import); this hook loads it again for a newly chosen language and re-renders.
 */
export function useLazyTranslation(namespace: LazyNamespace) {
  const translation = useTranslation(namespace);
  const language = translation.i18n.language;
  const [, setLoads] = useState(0);
  useEffect(() => {
    let active = true;
    void ensureNamespace(namespace, language).then(() => {
      if (active) setLoads((count) => count + 1);
    });
    return () => {
      active = false;
    };
  }, [namespace, language]);
  return translation;
}
