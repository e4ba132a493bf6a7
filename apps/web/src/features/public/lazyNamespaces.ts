import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespaces } from '../../i18n';

/**
 * Texts needed only on some screens are namespaces loaded on demand (see i18n/index.ts):
 * - `publicPages` (`locales/pages/<lang>.json`): /about, /terms, /privacy, /risk;
 * - `publicLower` (`locales/lower/<lang>.json`): the landing page's lower half (stories, FAQ
 *   questions), loaded with that half;
 * - `publicFaq` (`locales/faq/<lang>.json`): the FAQ answers, loaded with the answer dialog.
 */
export type LazyNamespace = 'publicPages' | 'publicLower' | 'publicFaq';

export function ensureNamespace(namespace: LazyNamespace, language?: string): Promise<void> {
  return ensureNamespaces([namespace], language);
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
