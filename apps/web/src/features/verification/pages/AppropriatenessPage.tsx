import type {
  Assessment,
  LocalizedText,
  MyAppropriateness,
  QuestionnaireView,
} from '@app/shared/schemas/appropriateness';
import { rule } from '@app/shared/rules';
import { formatDate } from '../../../lib/dates';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { currentLanguage } from '../../../i18n';
import { translateMessage } from '../../../lib/messages';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Card, LoadingBlock, buttonClasses } from '../../../ui';
import { formatUsd } from '@app/shared/money';
import { usePublicPlans } from '../../public/api';
import {
  confirmationPath,
  investIntentOf,
  myAppropriatenessQuery,
  useAcknowledgeWarning,
  type InvestIntent,
} from '../api';
import { AppropriatenessStatusView } from '../components/AppropriatenessStatus';
import { useQuestionnaire } from '../hooks/useQuestionnaire';
import { mutateAndReport } from '../../../lib/mutation';

/** A text of the operator's questionnaire in the language on screen. */
function useLocalized(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  void i18n.language; // re-render on a language change
  return (text) => text[currentLanguage()];
}

/**
 * /appropriateness: the check before the first copy trade (issue 21). A few questions on knowledge
 * and experience of copy trading and crypto assets; a result that says the product may not be
 * appropriate shows the warning, which the user acknowledges with a tick before investing. The
 * invest flow sends the user here with `?plan=<id>`, and the page leads back to that plan.
 */
export function AppropriatenessPage() {
  const { t } = useTranslation('verification');
  const query = useQuery(myAppropriatenessQuery);
  const [retaking, setRetaking] = useState(false);
  const [searchParams] = useSearchParams();
  const planId = searchParams.get('plan');
  // The investment the check interrupted (issue 39): back to its confirmation, amount kept.
  const intent = investIntentOf(searchParams);
  const backTo = intent
    ? confirmationPath(intent)
    : planId
      ? `/plans?plan=${encodeURIComponent(planId)}`
      : '/plans';
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <p className="text-sm text-danger">{errorMessage(query.error)}</p>;
  const mine = query.data;
  const answering = retaking || mine.standing === 'not_taken';
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm leading-relaxed text-muted">{t('appropriateness.intro')}</p>
      {intent && (
        <PendingInvestment
          intent={intent}
          stage={answering ? 'answer' : mine.standing === 'warning_pending' ? 'blocked' : 'ready'}
        />
      )}
      <AppropriatenessStatusView appropriateness={mine} linked={false} />
      {answering ? (
        <Questionnaire
          questionnaire={mine.questionnaire}
          announce={!intent}
          onDone={() => setRetaking(false)}
          onCancel={mine.standing === 'not_taken' ? undefined : () => setRetaking(false)}
        />
      ) : mine.standing === 'warning_pending' ? (
        <Warning announce={!intent} />
      ) : (
        <Result
          appropriateness={mine}
          backTo={backTo}
          backLabel={
            intent
              ? t('appropriateness.pending.back')
              : t(planId ? 'appropriateness.backToPlan' : 'appropriateness.toPlans')
          }
          onRetake={() => setRetaking(true)}
        />
      )}
      {mine.standing === 'warning_pending' && !answering && (
        <p className="text-sm text-muted">
          <button
            type="button"
            className="font-medium text-brand-strong underline-offset-4 hover:underline"
            onClick={() => setRetaking(true)}
          >
            {t('appropriateness.retake')}
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * `announce`: toast that the answers were saved. Not on the way to an interrupted investment: the
 * note at the top of the page says what comes next, and at 390 px the toast stayed over the
 * confirmation the investor went back to (its title) for the rest of its 4 s.
 */
function Questionnaire({
  questionnaire,
  announce,
  onDone,
  onCancel,
}: {
  questionnaire: QuestionnaireView;
  announce: boolean;
  onDone: () => void;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation('verification');
  const localized = useLocalized();
  const { answers, errors, formError, formRef, answer, onSubmit, sending } = useQuestionnaire(
    questionnaire,
    announce,
    onDone,
  );

  return (
    <Card title={t('appropriateness.formTitle')} description={t('appropriateness.formDescription')}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {questionnaire.questions.map((question, index) => (
          <Question
            key={question.id}
            number={index + 1}
            question={question}
            value={answers[question.id]}
            error={errors[question.id]}
            disabled={sending}
            onChange={(optionId) => answer(question.id, optionId)}
            localized={localized}
          />
        ))}
        {formError && (
          <p role="alert" className="text-sm text-danger">
            {formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button type="button" variant="secondary" onClick={onCancel}>
              {t('appropriateness.cancel')}
            </Button>
          )}
          <Button type="submit" loading={sending}>
            {t('appropriateness.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Question({
  number,
  question,
  value,
  error,
  disabled,
  onChange,
  localized,
}: {
  number: number;
  question: QuestionnaireView['questions'][number];
  value: string | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (optionId: string) => void;
  localized: (text: LocalizedText) => string;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="min-w-0 rounded-xl border border-border p-4"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-testid="appropriateness-question"
    >
      <legend className="px-1 text-sm font-semibold text-text">
        <span className="text-muted">{number}.</span> {localized(question.text)}
      </legend>
      <div className="mt-2 flex flex-col gap-2">
        {question.options.map((option) => (
          <label
            key={option.id}
            className={clsx(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
              value === option.id
                ? 'border-brand bg-brand/5 text-text'
                : 'border-border bg-surface hover:bg-surface-2',
            )}
          >
            <input
              type="radio"
              name={`q-${question.id}`}
              value={option.id}
              checked={value === option.id}
              disabled={disabled}
              onChange={() => onChange(option.id)}
              className="size-4 shrink-0 accent-[var(--color-brand)]"
            />
            <span>{localized(option.text)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The warning a result below the pass mark shows, with the explicit tick it needs. `announce` as
 * for the questionnaire: no toast on the way back to an interrupted investment.
 */
function Warning({ announce }: { announce: boolean }) {
  const { t } = useTranslation('verification');
  const acknowledge = useAcknowledgeWarning();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const titleId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ticked) {
      setError(translateMessage(rule('WARNING_ACKNOWLEDGEMENT_REQUIRED')));
      checkboxRef.current?.focus();
      return;
    }
    mutateAndReport(acknowledge, undefined, {
      onSuccess: () => {
        if (announce) toast.success(t('appropriateness.acknowledged'));
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="appropriateness-warning"
      className="rounded-2xl border border-danger/40 bg-danger/5 p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-base font-semibold text-danger">
        {t('appropriateness.warning.title')}
      </h2>
      <div className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-text">
        <p>{t('appropriateness.warning.body')}</p>
        <p>{t('appropriateness.warning.risk')}</p>
        <p>{t('appropriateness.warning.choice')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-3">
        <label className="flex items-start gap-3 text-sm font-medium text-text">
          <input
            ref={checkboxRef}
            type="checkbox"
            checked={ticked}
            onChange={(event) => {
              setTicked(event.target.checked);
              if (event.target.checked) setError(null);
            }}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            className="mt-0.5 size-5 shrink-0 accent-[var(--color-brand)]"
          />
          {t('appropriateness.warning.checkbox')}
        </label>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" loading={acknowledge.isPending}>
            {t('appropriateness.warning.confirm')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Result({
  appropriateness,
  backTo,
  backLabel,
  onRetake,
}: {
  appropriateness: MyAppropriateness;
  backTo: string;
  backLabel: string;
  onRetake: () => void;
}) {
  const { t } = useTranslation('verification');
  const assessment: Assessment | null = appropriateness.assessment;
  return (
    <Card title={t('appropriateness.resultTitle')}>
      <div className="flex flex-col gap-4 text-sm leading-relaxed">
        {assessment && (
          <p className="text-muted">
            {t('appropriateness.takenOn', { date: formatDate(assessment.takenAt) })}
            {assessment.acknowledgedAt &&
              ` ${t('appropriateness.acknowledgedOn', { date: formatDate(assessment.acknowledgedAt) })}`}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link to={backTo} className={buttonClasses('primary', 'md')}>
            {backLabel}
          </Link>
          <Button type="button" variant="secondary" onClick={onRetake}>
            {t('appropriateness.retake')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/**
 * What became of the investment that led here: not made yet. While the questions wait, after
 * them, and — when the result shows the warning — not possible until it is acknowledged.
 */
function PendingInvestment({
  intent,
  stage,
}: {
  intent: InvestIntent;
  stage: 'answer' | 'ready' | 'blocked';
}) {
  const { t } = useTranslation('verification');
  const plan = usePublicPlans().data?.find((candidate) => candidate.id === intent.planId);
  const amount = formatUsd(intent.amountCents);
  const investment = plan
    ? t('appropriateness.pending.investment', { amount, plan: plan.title })
    : t('appropriateness.pending.investmentNoPlan', { amount });
  return (
    <p
      role="note"
      data-testid="investment-pending"
      className={clsx(
        'max-w-3xl rounded-xl border p-4 text-sm leading-relaxed text-text',
        stage === 'blocked' ? 'border-danger/40 bg-danger/5' : 'border-sky-400/30 bg-sky-400/5',
      )}
    >
      {t(`appropriateness.pending.${stage}`, { investment })}
    </p>
  );
}
