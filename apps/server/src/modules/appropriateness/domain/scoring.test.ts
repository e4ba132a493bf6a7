import { questionnaireContentSchema } from '@app/shared/schemas/appropriateness';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTIONNAIRE } from './default-questionnaire';
import { maxScoreOf, scoreAnswers } from './scoring';

const t = (en: string) => ({ en, es: en, de: en });
const TWO_QUESTIONS = {
  passScore: 3,
  questions: [
    {
      id: 'experience',
      text: t('Experience?'),
      options: [
        { id: 'none', text: t('None'), points: 0 },
        { id: 'some', text: t('Some'), points: 1 },
        { id: 'lots', text: t('Lots'), points: 2 },
      ],
    },
    {
      id: 'loss',
      text: t('Can you lose it all?'),
      options: [
        { id: 'no', text: t('No'), points: 0 },
        { id: 'yes', text: t('Yes'), points: 2 },
      ],
    },
  ],
};

/** A complete answer's score on TWO_QUESTIONS: out of 4, pass mark 3. */
const scoredOutOf4 = (score: number, result: 'appropriate' | 'not_appropriate') => ({
  ok: true,
  score,
  maxScore: 4,
  passScore: 3,
  result,
});

describe('appropriateness scoring', () => {
  it('sums the chosen options: at the pass mark the product is appropriate', () => {
    expect(scoreAnswers(TWO_QUESTIONS, { experience: 'some', loss: 'yes' })).toEqual(
      scoredOutOf4(3, 'appropriate'),
    );
  });

  it('one point under the pass mark is a warning to acknowledge', () => {
    expect(scoreAnswers(TWO_QUESTIONS, { experience: 'lots', loss: 'no' })).toEqual(
      scoredOutOf4(2, 'not_appropriate'),
    );
  });

  it('a question left out names the question', () => {
    expect(scoreAnswers(TWO_QUESTIONS, { experience: 'lots' })).toEqual({
      ok: false,
      problem: 'missing',
      questionId: 'loss',
    });
    expect(scoreAnswers(TWO_QUESTIONS, { experience: '', loss: 'yes' })).toEqual({
      ok: false,
      problem: 'missing',
      questionId: 'experience',
    });
  });

  it('an option the question does not offer, or a question that does not exist, is refused', () => {
    expect(scoreAnswers(TWO_QUESTIONS, { experience: 'expert', loss: 'yes' })).toEqual({
      ok: false,
      problem: 'unknown',
      questionId: 'experience',
    });
    expect(scoreAnswers(TWO_QUESTIONS, { experience: 'some', loss: 'yes', bonus: 'lots' })).toEqual(
      { ok: false, problem: 'unknown', questionId: 'bonus' },
    );
  });

  it('an inherited property is not an answer', () => {
    const answers = Object.create({ loss: 'yes' }) as Record<string, string>;
    answers.experience = 'lots';
    expect(scoreAnswers(TWO_QUESTIONS, answers)).toMatchObject({ ok: false, problem: 'missing' });
  });

  it('the default questionnaire is valid content; knowing answers pass, a novice gets the warning', () => {
    expect(questionnaireContentSchema.safeParse(DEFAULT_QUESTIONNAIRE).success).toBe(true);
    const best = Object.fromEntries(
      DEFAULT_QUESTIONNAIRE.questions.map((q) => {
        const top = [...q.options].sort((a, b) => b.points - a.points)[0];
        return [q.id, top?.id ?? ''];
      }),
    );
    const worst = Object.fromEntries(
      DEFAULT_QUESTIONNAIRE.questions.map((q) => {
        const low = [...q.options].sort((a, b) => a.points - b.points)[0];
        return [q.id, low?.id ?? ''];
      }),
    );
    expect(scoreAnswers(DEFAULT_QUESTIONNAIRE, best)).toMatchObject({
      ok: true,
      score: maxScoreOf(DEFAULT_QUESTIONNAIRE),
      result: 'appropriate',
    });
    expect(scoreAnswers(DEFAULT_QUESTIONNAIRE, worst)).toMatchObject({
      ok: true,
      score: 0,
      result: 'not_appropriate',
    });
  });
});
