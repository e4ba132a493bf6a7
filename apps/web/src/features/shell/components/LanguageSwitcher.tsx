import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespaces } from '../../../i18n';
import { LanguageSelect } from '../../../ui/LanguageSelect';

/** Its label lives in `locales/language/<lang>.json`, a namespace this switcher loads itself. */
const NAMESPACE = 'shellLanguage';

/** The language choice for signed-in users, at the bottom of the sidebar and the mobile menu. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language;
  const [, setLoads] = useState(0);
  useEffect(() => {
    let active = true;
    void ensureNamespaces([NAMESPACE], language).then(() => {
      if (active) setLoads((count) => count + 1);
    });
    return () => {
      active = false;
    };
  }, [language]);
  // Until the label has arrived (a moment after the menu first renders) there is nothing to show.
  if (!i18n.hasResourceBundle('en', NAMESPACE)) return null;
  return (
    <div className="border-t border-border px-6 py-3">
      <LanguageSelect label={t('label')} className="justify-between" />
    </div>
  );
}
