import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '../../../i18n';
import { notificationPreferencesQuery, useUpdateNotificationPreferences } from '../api';

/**
 * Alert e-mails are written in the language the user reads the app in: when the app's language
 * (the footer's switcher) differs from the one stored for the e-mails, the stored one follows.
 */
export function useEmailLanguageFollowsApp(): void {
  const { i18n } = useTranslation();
  const preferences = useQuery(notificationPreferencesQuery);
  const update = useUpdateNotificationPreferences();
  const language = i18n.language?.split('-')[0];
  const stored = preferences.data?.language;
  const { mutate, isPending } = update;
  useEffect(() => {
    if (!stored || isPending || !isSupportedLanguage(language) || language === stored) return;
    mutate({ language });
  }, [stored, language, isPending, mutate]);
}
