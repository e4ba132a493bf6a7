import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../ui/LanguageSelect';

/** The footer's language choice (replaces the seed's page-translation widget). */
export function LanguageSwitcher() {
  const { t } = useTranslation('public');
  return <LanguageSelect label={t('footer.language')} />;
}
