import { currentLanguage, i18n } from '../i18n';

/**
 * The shared zod schemas' rule messages are English sentences (the seed fixes them word for word);
 * the forms show them, and the server answers a request that breaks one with VALIDATION_FAILED and
 * the same message. The `validation` namespace translates them: its keys are the English messages
 * themselves, in a flat map, so lookups switch off i18next's `.` and `:` separators (messages
 * contain both). Every other server error is rendered from its code (lib/errors.ts), never from
 * its sentence.
 */
export const VALIDATION_NAMESPACE = 'validation';

const LOOKUP = { ns: VALIDATION_NAMESPACE, keySeparator: false, nsSeparator: false } as const;

export interface MessagePattern {
  /** Matches a whole English message; its named groups fill the key's placeholders as they are. */
  pattern: RegExp;
  /** The English template, itself a key of the namespace ({{name}} per named group). */
  key: string;
}

/**
 * The two schema rules built with numbers (common.ts: atMostCharacters, wholeNumberFrom), tried
 * after the exact keys; each key is the English template.
 */
export const MESSAGE_PATTERNS: readonly MessagePattern[] = [
  { pattern: /^At most (?<max>\d+) characters$/, key: 'At most {{max}} characters' },
  {
    pattern: /^Must be a whole number from (?<min>\d+) to (?<max>\d+)$/,
    key: 'Must be a whole number from {{min}} to {{max}}',
  },
];

/**
 * The message in the language on screen: the exact English message, else the first pattern that
 * matches, else the message unchanged (English is the fallback, and the only text in English).
 */
export function translateMessage(message: string): string {
  if (!message || currentLanguage() === 'en') return message;
  if (i18n.exists(message, LOOKUP)) return i18n.t(message, LOOKUP);
  for (const { pattern, key } of MESSAGE_PATTERNS) {
    const match = pattern.exec(message);
    if (match && i18n.exists(key, LOOKUP)) return i18n.t(key, { ...LOOKUP, ...match.groups });
  }
  return message;
}
