import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { appConfig } from '../../../lib/config';

/** Page changes scroll smoothly back to the top (seed). */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
}

/**
 * The optional page title: the deepest route whose `handle.title` names a translation key
 * ("<namespace>:<key>", e.g. `handle: { title: 'dashboard:title' }`). Also sets document.title.
 */
export function usePageTitle(): string | undefined {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = matches
    .map((match) => (match.handle as { title?: unknown } | undefined)?.title)
    .filter((title): title is string => typeof title === 'string')
    .at(-1);
  const title = key ? t(key) : undefined;

  useEffect(() => {
    document.title = title ? `${title} · ${appConfig.brandName}` : appConfig.brandName;
  }, [title]);

  return title;
}
