import {
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_TYPES,
  type NotificationLanguage,
  type UpdateNotificationPreferences,
} from '@app/shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n';
import { Card, toastReport } from '../../../ui';
import { notificationPreferencesQuery, useUpdateNotificationPreferences } from '../api';
import { mutateAndReport } from '../../../lib/mutation';

/**
 * /profile: which alerts are e-mailed too (each type; on by default for the events that move
 * money) and the e-mails' language. The in-app record has no switch: every alert is in the bell.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation('notifications');
  const preferences = useQuery(notificationPreferencesQuery);
  const update = useUpdateNotificationPreferences();
  const languageId = useId();
  // What a person just changed, held in this component's state so the control moves in the same
  // render as the click: the query cache's optimistic copy arrives a task later, and a controlled
  // checkbox or select would spring back in between (an e2e run caught the checkbox doing so).
  const [unsaved, setUnsaved] = useState<UpdateNotificationPreferences>({});

  function save(input: UpdateNotificationPreferences) {
    setUnsaved((current) => ({
      language: input.language ?? current.language,
      email: { ...current.email, ...input.email },
    }));
    mutateAndReport(update, input, {
      ...toastReport(t('preferences.saved')),
      onSettled: () => setUnsaved({}),
    });
  }

  let body;
  if (preferences.isPending) body = <p className="text-sm text-muted">{t('loading')}</p>;
  else if (preferences.isError) {
    body = <p className="text-sm text-danger">{t('preferences.loadFailed')}</p>;
  } else {
    const language = unsaved.language ?? preferences.data.language;
    const email = { ...preferences.data.email, ...unsaved.email };
    body = (
      <div className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-2 text-sm font-semibold text-text">{t('preferences.email')}</legend>
          {NOTIFICATION_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-text hover:bg-surface-2"
            >
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-brand"
                checked={email[type]}
                aria-label={t('preferences.emailFor', { type: t(`types.${type}.label`) })}
                onChange={(event) => save({ email: { [type]: event.target.checked } })}
              />
              <span>{t(`types.${type}.label`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <label htmlFor={languageId} className="text-sm font-semibold text-text">
            {t('preferences.language')}
          </label>
          <select
            id={languageId}
            value={language}
            disabled={update.isPending}
            onChange={(event) => save({ language: event.target.value as NotificationLanguage })}
            className="h-11 rounded-lg border border-border bg-surface-2 px-3 text-sm text-text"
          >
            {NOTIFICATION_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
      </div>
    );
  }
  return (
    <Card title={t('preferences.title')} description={t('preferences.description')}>
      {body}
    </Card>
  );
}
