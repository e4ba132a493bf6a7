import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, SUPPORTED_LANGUAGES } from '../../../i18n';

/** The footer's language choice (replaces the seed's page-translation widget). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('public');
  const id = useId();
  const current = SUPPORTED_LANGUAGES.find((language) => i18n.language?.startsWith(language));
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm text-muted">
        {t('footer.language')}
      </label>
      <select
        id={id}
        value={current ?? 'en'}
        onChange={(event) => void changeLanguage(event.target.value)}
        className="h-10 rounded-lg border border-border bg-surface-2 px-3 text-sm text-text"
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`, { defaultValue: language })}
          </option>
        ))}
      </select>
    </div>
  );
}
