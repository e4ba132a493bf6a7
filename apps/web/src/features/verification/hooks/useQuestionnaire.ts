import type { QuestionnaireView } from '@app/shared/schemas/appropriateness';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { useSubmitAssessment } from '../api';

/**
 * The questionnaire's answers and what to say about them: every question must be answered before
 * sending; a refusal naming one question (`answers.<id>`) lands on it and takes the focus there.
 * `announce`: toast that the answers were saved.
 */
export function useQuestionnaire(
  questionnaire: QuestionnaireView,
  announce: boolean,
  onDone: () => void,
) {
  const { t } = useTranslation('verification');
  const submit = useSubmitAssessment();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusQuestion = (id: string) =>
    formRef.current?.querySelector<HTMLInputElement>(`input[name="q-${CSS.escape(id)}"]`)?.focus();

  function answer(questionId: string, optionId: string) {
    setAnswers((current) => ({ ...current, [questionId]: optionId }));
    setErrors(({ [questionId]: _answered, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing = questionnaire.questions.filter((q) => !answers[q.id]);
    if (missing.length > 0) {
      setErrors(
        Object.fromEntries(missing.map((q) => [q.id, t('appropriateness.answerRequired')])),
      );
      if (missing[0]) focusQuestion(missing[0].id);
      return;
    }
    setErrors({});
    setFormError(null);
    mutateAndReport(
      submit,
      { version: questionnaire.version, answers },
      {
        onSuccess: () => {
          if (announce) toast.success(t('appropriateness.saved'));
          onDone();
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          const field = error instanceof ApiRequestError ? error.field : undefined;
          const questionId = field?.startsWith('answers.') ? field.slice(8) : undefined;
          if (questionId && questionnaire.questions.some((q) => q.id === questionId)) {
            setErrors({ [questionId]: errorMessage(error) });
            focusQuestion(questionId);
          } else setFormError(errorMessage(error));
        },
      },
    );
  }

  return { answers, errors, formError, formRef, answer, onSubmit, sending: submit.isPending };
}
