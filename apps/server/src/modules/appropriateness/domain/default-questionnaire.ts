import type { QuestionnaireContent } from '@app/shared/schemas/appropriateness';

/** The answers to both experience questions: never, a few times (1 point), regularly (2). */
const HOW_OFTEN: QuestionnaireContent['questions'][number]['options'] = [
  { id: 'never', text: { en: 'Never', es: 'Nunca', de: 'Nie' }, points: 0 },
  { id: 'few', text: { en: 'A few times', es: 'Algunas veces', de: 'Ein paar Mal' }, points: 1 },
  {
    id: 'regularly',
    text: { en: 'Regularly', es: 'Con regularidad', de: 'Regelmäßig' },
    points: 2,
  },
];

/**
 * Version 1 of the appropriateness questionnaire, stored the first time it is read: two questions
 * on experience (copy trading, crypto assets) and three on knowledge (losses are shared, prices
 * are volatile, past returns are no promise). 2 points for the knowing answer or regular
 * experience, 1 for some; 6 of 10 passes, so a novice who understands the risks passes and
 * someone who gets a risk question wrong needs experience to make up for it. The operator replaces
 * it with a new version from /admin/verifications.
 */
export const DEFAULT_QUESTIONNAIRE: QuestionnaireContent = {
  passScore: 6,
  questions: [
    {
      id: 'copy_experience',
      text: {
        en: 'How often have you copied a trader or used social trading in the last two years?',
        es: '¿Con qué frecuencia ha copiado a un trader o usado el trading social en los últimos dos años?',
        de: 'Wie oft haben Sie in den letzten zwei Jahren einen Trader kopiert oder Social Trading genutzt?',
      },
      options: HOW_OFTEN,
    },
    {
      id: 'crypto_experience',
      text: {
        en: 'How often have you bought or sold crypto assets (such as Bitcoin) in the last two years?',
        es: '¿Con qué frecuencia ha comprado o vendido criptoactivos (como Bitcoin) en los últimos dos años?',
        de: 'Wie oft haben Sie in den letzten zwei Jahren Kryptowerte (etwa Bitcoin) gekauft oder verkauft?',
      },
      options: HOW_OFTEN,
    },
    {
      id: 'shared_losses',
      text: {
        en: 'The lead trader you copy loses money. What happens to your trade?',
        es: 'El trader que copia pierde dinero. ¿Qué ocurre con su operación?',
        de: 'Der Trader, den Sie kopieren, verliert Geld. Was geschieht mit Ihrem Trade?',
      },
      options: [
        {
          id: 'loses_too',
          text: {
            en: 'It loses value in the same proportion',
            es: 'Pierde valor en la misma proporción',
            de: 'Er verliert im gleichen Verhältnis an Wert',
          },
          points: 2,
        },
        {
          id: 'platform_pays',
          text: {
            en: 'The platform makes up the loss',
            es: 'La plataforma cubre la pérdida',
            de: 'Die Plattform gleicht den Verlust aus',
          },
          points: 0,
        },
        {
          id: 'always_back',
          text: {
            en: 'Nothing: I always get back what I put in',
            es: 'Nada: siempre recupero lo que puse',
            de: 'Nichts: Ich bekomme immer zurück, was ich eingesetzt habe',
          },
          points: 0,
        },
      ],
    },
    {
      id: 'volatility',
      text: {
        en: 'Which statement about crypto asset prices is true?',
        es: '¿Qué afirmación sobre los precios de los criptoactivos es cierta?',
        de: 'Welche Aussage über die Preise von Kryptowerten stimmt?',
      },
      options: [
        {
          id: 'fall_fast',
          text: {
            en: 'They can fall sharply within hours',
            es: 'Pueden caer con fuerza en pocas horas',
            de: 'Sie können innerhalb von Stunden stark fallen',
          },
          points: 2,
        },
        {
          id: 'only_rise',
          text: {
            en: 'Over a few months they only rise',
            es: 'En unos meses solo suben',
            de: 'Über einige Monate steigen sie nur',
          },
          points: 0,
        },
        {
          id: 'stable',
          text: {
            en: 'They rarely move more than 1% a day',
            es: 'Rara vez se mueven más de un 1 % al día',
            de: 'Sie bewegen sich selten mehr als 1 % am Tag',
          },
          points: 0,
        },
      ],
    },
    {
      id: 'past_performance',
      text: {
        en: 'What does a strategy’s past return tell you?',
        es: '¿Qué le dice la rentabilidad pasada de una estrategia?',
        de: 'Was sagt Ihnen die vergangene Rendite einer Strategie?',
      },
      options: [
        {
          id: 'history_only',
          text: {
            en: 'How it did, not how it will do',
            es: 'Cómo le fue, no cómo le irá',
            de: 'Wie sie sich entwickelt hat, nicht wie sie sich entwickeln wird',
          },
          points: 2,
        },
        {
          id: 'future_return',
          text: {
            en: 'The return I will get',
            es: 'La rentabilidad que obtendré',
            de: 'Die Rendite, die ich erzielen werde',
          },
          points: 0,
        },
      ],
    },
  ],
};
