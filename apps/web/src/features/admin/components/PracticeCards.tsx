import { centsToPlain, formatUsd, parseUsdToCents } from '@app/shared/money';
import {
  PRACTICE_STARTING_CENTS,
  type PracticeActivity,
  type PracticeSetting,
} from '@app/shared/schemas/practice';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { useAdminQuery } from '../hooks/useAdminQuery';
import { QueryResult } from './QueryStates';
import { SettingCheckbox } from './SettingCheckbox';
import { SettingForm } from './SettingForm';

/**
 * Practice activity on the overview, counted apart from every real figure above it: accounts
 * opened, of them practising now, open practice copies and the virtual money in them (labelled
 * virtual; it is never added to a real total).
 */
export function PracticeActivityCard({ practice }: { practice: PracticeActivity }) {
  const { t } = useTranslation('admin');
  const figures = [
    ['accounts', practice.accounts],
    ['practising', practice.practising],
    ['openCopies', practice.openCopies],
    ['invested', formatUsd(practice.investedCents)],
  ] as const;
  return (
    <Card title={t('practice.activity.title')} description={t('practice.activity.description')}>
      <dl data-testid="practice-activity" className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs text-muted">{t(`practice.activity.${key}`)}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The operator's practice setting: practice on or off (off: every practice request is refused and
 * the switch disappears), and the virtual balance a practice account starts (and starts again) at.
 */
export function PracticeSettingCard() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.practiceSetting, adminApi.practiceSetting);
  const save = (change: Partial<PracticeSetting>) => (current: PracticeSetting) =>
    adminApi.updatePracticeSetting({ ...current, ...change });
  const range = {
    min: formatUsd(PRACTICE_STARTING_CENTS.min),
    max: formatUsd(PRACTICE_STARTING_CENTS.max),
  };
  return (
    <Card title={t('practice.setting.title')} description={t('practice.setting.description')}>
      <QueryResult query={query}>
        {(current) => (
          <div className="flex flex-col gap-4">
            <SettingCheckbox
              className="text-sm"
              label={t('practice.setting.enabled')}
              value={current.practiceEnabled}
              fallback
              save={(practiceEnabled) => save({ practiceEnabled })(current)}
            />
            <SettingForm<number>
              key={current.startingCents}
              initial={centsToPlain(current.startingCents)}
              label={t('practice.setting.starting')}
              hint={t('practice.setting.current', { amount: formatUsd(current.startingCents) })}
              parse={(text) => {
                const cents = parseUsdToCents(text);
                return cents !== null &&
                  cents >= PRACTICE_STARTING_CENTS.min &&
                  cents <= PRACTICE_STARTING_CENTS.max
                  ? { value: cents }
                  : { error: t('practice.setting.range', range) };
              }}
              confirmation={(cents) => ({
                title: t('practice.setting.confirmTitle', { amount: formatUsd(cents) }),
                description: t('practice.setting.confirmBody'),
              })}
              save={(startingCents) => save({ startingCents })(current)}
              messages={{
                success: t('practice.setting.saved'),
                failure: t('practice.setting.saveFailed'),
              }}
            />
          </div>
        )}
      </QueryResult>
    </Card>
  );
}
