import { currentLanguage, i18n } from '../i18n';

/**
 * Validation and server error messages are English sentences (the seed fixes them word for word,
 * and the server keeps sending English). The `validation` namespace translates them: its keys are
 * the English messages themselves, in a flat map, so lookups switch off i18next's `.` and `:`
 * separators (messages contain both).
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
 * Messages built with a number or a name, tried in order after the exact keys; each key is the
 * English template, and the filled-in text (an amount "$1,000" or "$4,999.50", a symbol) is kept
 * exactly as it came.
 */
export const MESSAGE_PATTERNS: readonly MessagePattern[] = [
  {
    pattern: /^Amount must be greater than or equal to (?<amount>\$[\d,]+(?:\.\d\d)?)$/,
    key: 'Amount must be greater than or equal to {{amount}}',
  },
  {
    pattern: /^Amount must be less than or equal to (?<amount>\$[\d,]+(?:\.\d\d)?)$/,
    key: 'Amount must be less than or equal to {{amount}}',
  },
  { pattern: /^At most (?<max>\d+) characters$/, key: 'At most {{max}} characters' },
  {
    pattern: /^Must be a whole number from (?<min>\d+) to (?<max>\d+)$/,
    key: 'Must be a whole number from {{min}} to {{max}}',
  },
  {
    pattern: /^A (?<kind>crypto|bank) method has no (?<field>\w+)$/,
    key: 'A {{kind}} method has no {{field}}',
  },
  { pattern: /^Unknown instrument: (?<symbol>\S+)$/, key: 'Unknown instrument: {{symbol}}' },
  {
    pattern:
      /^Total gross weight would be (?<weight>[\d.]+)%, above 100% of the strategy's equity$/,
    key: "Total gross weight would be {{weight}}%, above 100% of the strategy's equity",
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
