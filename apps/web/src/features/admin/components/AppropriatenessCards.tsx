import {
  DOCUMENT_RETENTION_DAYS,
  questionnaireContentSchema,
  type AdminAssessment,
  type LocalizedText,
  type QuestionnaireContent,
} from '@app/shared/schemas/appropriateness';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { translateMessage } from '../../../lib/messages';
import { Badge, Button, Card, inputClasses } from '../../../ui';
import { adminApi, adminKeys, waitsForApproval } from '../api';
import { formatDateTime } from '../format';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { PendingSettingChange } from './ApprovalActions';
import { QueryFallback, QueryResult } from './QueryStates';
import { SettingCheckbox, useVerificationSettingSave } from './SettingCheckbox';
import { useAdminQuery } from '../hooks/useAdminQuery';

const STANDING_TONES = {
  not_taken: 'warning',
  appropriate: 'success',
  warning_pending: 'danger',
  warning_acknowledged: 'info',
} as const;

/**
 * The appropriateness check's settings (issue 21): whether a new copy trade needs it, and how long
 * verification files are kept after an account is closed.
 */
export function AppropriatenessSettingsCard() {
  const { t } = useTranslation('admin');
  const required = useAdminQuery(adminKeys.appropriatenessSetting, adminApi.appropriatenessSetting);
  const retention = useAdminQuery(adminKeys.documentRetention, adminApi.documentRetention);
  return (
    <Card
      title={t('appropriateness.settings.title')}
      description={t('appropriateness.settings.description')}
    >
      <div className="flex flex-col gap-4 text-sm">
        <SettingCheckbox
          label={t('appropriateness.settings.required')}
          value={required.data?.appropriatenessRequired}
          fallback
          save={(appropriatenessRequired) =>
            adminApi.updateAppropriatenessSetting({ appropriatenessRequired })
          }
        />
        <PendingSettingChange setting="appropriateness_required" className="" />
        {retention.data && (
          <RetentionForm
            key={retention.data.retentionDays}
            initialDays={retention.data.retentionDays}
          />
        )}
        <PendingSettingChange setting="verification_document_retention_days" className="" />
      </div>
    </Card>
  );
}

function RetentionForm({ initialDays }: { initialDays: number }) {
  const { t } = useTranslation('admin');
  const daysId = useId();
  const hintId = useId();
  const [days, setDays] = useState(String(initialDays));
  const saveDays = useVerificationSettingSave(
    (retentionDays: number) => adminApi.updateDocumentRetention({ retentionDays }),
    // Waiting for a second admin: the field goes back to the days still in force.
    (result) => {
      if (waitsForApproval(result)) setDays(String(initialDays));
    },
  );
  const parsed = Number(days);
  const daysValid =
    /^\d+$/.test(days) &&
    parsed >= DOCUMENT_RETENTION_DAYS.min &&
    parsed <= DOCUMENT_RETENTION_DAYS.max;

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (daysValid) saveDays.mutate(parsed);
  }

  return (
    <form onSubmit={onSave} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={daysId} className="font-medium">
        {t('appropriateness.settings.retention')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={daysId}
          inputMode="numeric"
          value={days}
          aria-describedby={hintId}
          aria-invalid={days !== '' && !daysValid ? true : undefined}
          onChange={(event) => setDays(event.target.value.trim())}
          className={`${inputClasses} max-w-32 border-border`}
        />
        <Button type="submit" size="sm" disabled={!daysValid} loading={saveDays.isPending}>
          {t('appropriateness.settings.save')}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted">
        {t('appropriateness.settings.retentionHint', {
          min: DOCUMENT_RETENTION_DAYS.min,
          max: DOCUMENT_RETENTION_DAYS.max,
        })}
      </p>
    </form>
  );
}

/**
 * The questionnaire as stored (operator content): its version and a JSON editor that saves a new
 * version, checked with the same schema the server applies.
 */
export function QuestionnaireCard() {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.questionnaire, adminApi.questionnaire);
  return (
    <Card
      title={t('appropriateness.questionnaire.title')}
      description={
        query.data
          ? t('appropriateness.questionnaire.description', {
              version: query.data.version,
              date: formatDateTime(query.data.createdAt),
            })
          : undefined
      }
    >
      <QueryResult query={query}>
        {(data) => <QuestionnaireEditor key={data.version} content={data.content} />}
      </QueryResult>
    </Card>
  );
}

function QuestionnaireEditor({ content }: { content: QuestionnaireContent }) {
  const { t } = useTranslation('admin');
  const editorId = useId();
  const errorId = useId();
  const [text, setText] = useState(() => JSON.stringify(content, null, 2));
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation({
    mutationFn: adminApi.updateQuestionnaire,
    messages: {
      success: t('appropriateness.questionnaire.saved'),
      failure: t('appropriateness.questionnaire.failed'),
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      setError(t('appropriateness.questionnaire.notJson'));
      return;
    }
    const parsed = questionnaireContentSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(
        `${issue?.path.join('.') ?? ''} ${translateMessage(issue?.message)}`.trim() ||
          t('appropriateness.questionnaire.failed'),
      );
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-brand-strong">
        {t('appropriateness.questionnaire.edit')}
      </summary>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-2">
        <label htmlFor={editorId} className="text-sm text-muted">
          {t('appropriateness.questionnaire.hint')}
        </label>
        <textarea
          id={editorId}
          value={text}
          spellCheck={false}
          rows={16}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClasses} border-border font-mono text-xs`}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('appropriateness.questionnaire.submit')}
          </Button>
        </div>
      </form>
    </details>
  );
}

/** On the admin's user detail: every assessment the user took, newest first, with the answers. */
export function UserAppropriatenessCard({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const query = useAdminQuery(adminKeys.userAppropriateness(userId), (signal) =>
    adminApi.userAppropriateness(userId, signal),
  );
  return (
    <Card
      title={t('appropriateness.user.title')}
      actions={
        query.data && (
          <Badge tone={STANDING_TONES[query.data.standing]}>
            {t(`appropriateness.standings.${query.data.standing}`)}
          </Badge>
        )
      }
      data-testid="user-appropriateness"
    >
      {!query.isSuccess ? (
        <QueryFallback query={query} />
      ) : query.data.assessments.length === 0 ? (
        <p className="text-sm text-muted">{t('appropriateness.user.none')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {query.data.assessments.map((assessment, index) => (
            <li key={assessment.id}>
              <AssessmentView assessment={assessment} latest={index === 0} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function AssessmentView({ assessment, latest }: { assessment: AdminAssessment; latest: boolean }) {
  const { t } = useTranslation('admin');
  const localized = (text: LocalizedText) => text[currentLanguage()];
  return (
    <article className="rounded-xl border border-border p-3 text-sm sm:p-4">
      <header className="flex flex-wrap items-center gap-2">
        <Badge tone={assessment.result === 'appropriate' ? 'success' : 'danger'}>
          {t(`appropriateness.results.${assessment.result}`)}
        </Badge>
        <span className="font-medium tabular-nums">
          {t('appropriateness.user.score', {
            score: assessment.score,
            max: assessment.maxScore,
            pass: assessment.passScore,
          })}
        </span>
        {latest && <Badge tone="info">{t('appropriateness.user.latest')}</Badge>}
      </header>
      <dl className="mt-2 grid gap-1 text-xs text-muted sm:grid-cols-2">
        <div>
          <dt className="inline">{t('appropriateness.user.takenAt')}</dt>{' '}
          <dd className="inline text-text">{formatDateTime(assessment.takenAt)}</dd>
        </div>
        <div>
          <dt className="inline">{t('appropriateness.user.version')}</dt>{' '}
          <dd className="inline text-text">{assessment.version}</dd>
        </div>
        {assessment.result === 'not_appropriate' && (
          <div className="sm:col-span-2">
            <dt className="inline">{t('appropriateness.user.acknowledgedAt')}</dt>{' '}
            <dd className="inline text-text">
              {assessment.acknowledgedAt
                ? formatDateTime(assessment.acknowledgedAt)
                : t('appropriateness.user.notAcknowledged')}
            </dd>
          </div>
        )}
      </dl>
      <details className="mt-2">
        <summary className="cursor-pointer text-xs font-medium text-brand-strong">
          {t('appropriateness.user.answers')}
        </summary>
        <ol className="mt-2 flex flex-col gap-2">
          {assessment.answers.map((answer) => (
            <li key={answer.questionId} className="min-w-0">
              <p className="text-muted">{localized(answer.question)}</p>
              <p className="font-medium break-words">
                {localized(answer.answer)}{' '}
                <span className="text-xs font-normal text-muted tabular-nums">
                  {t('appropriateness.user.points', { count: answer.points })}
                </span>
              </p>
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}
