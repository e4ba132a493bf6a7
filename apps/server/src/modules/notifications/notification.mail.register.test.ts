import { tuForms } from '@app/shared/spanish-register';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTIONNAIRE } from '../appropriateness/domain/default-questionnaire';
import { MAIL_LANGUAGES } from './notification.mail';

/** Any parameter an e-mail asks for: a number that reads as a text too. */
const anyParams = new Proxy({}, { get: () => 1 });

describe('the server’s Spanish texts speak usted, as the web app does (issue 39)', () => {
  it('every alert e-mail in Spanish', () => {
    const es = MAIL_LANGUAGES.es;
    const written = Object.entries(es.write).map(([type, write]) => {
      const { subject, paragraphs } = (
        write as (p: unknown) => { subject: string; paragraphs: string[] }
      )(anyParams);
      return [
        type,
        [subject, ...paragraphs, es.action.dashboard, es.action.transactions].join(' '),
      ];
    });
    expect(written.length).toBeGreaterThan(10);
    expect(written.filter(([, text]) => tuForms(text ?? '').length > 0)).toEqual([]);
  });

  it('the default appropriateness questionnaire in Spanish', () => {
    const texts = DEFAULT_QUESTIONNAIRE.questions.flatMap((question) => [
      question.text.es,
      ...question.options.map((option) => option.text.es),
    ]);
    expect(texts.filter((text) => tuForms(text).length > 0)).toEqual([]);
  });
});
