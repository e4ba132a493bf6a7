import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeLanguage,
  currentLanguage,
  isSupportedLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
} from '../i18n';
import { useHydrated } from '../lib/prerender';
import { UI_NAMESPACE } from './i18n';

/**
 * The language choice, in the public footer and at the bottom of the signed-in sidebar and mobile
 * menu. Each language is named in itself (Español, Deutsch), so it is recognisable whatever
 * language is on screen; the label is the `ui` namespace's, which every screen has.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  // Subscribes to language changes so the selected value follows a switch made elsewhere.
  const { t } = useTranslation(UI_NAMESPACE);
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className={clsx('flex items-center gap-3', className)}>
      <label htmlFor={id} className="text-sm text-muted">
        {t('language')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={!hydrated}
        onChange={(event) => {
          const language = event.target.value;
          if (isSupportedLanguage(language)) void changeLanguage(language);
        }}
        className="h-10 min-w-0 rounded-lg border border-border bg-surface-2 px-3 text-sm text-text"
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
