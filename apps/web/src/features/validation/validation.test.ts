import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRADE_MESSAGES } from '@app/shared/schemas/trades';
import { changeLanguage, ensureNamespaces, i18n } from '../../i18n';
import { MESSAGE_PATTERNS, translateMessage, VALIDATION_NAMESPACE } from '../../lib/messages';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * Every schema rule message a person can meet is found in the source at test time (the shared zod
 * schemas, and the zod rules of the server's route schemas, which come back as VALIDATION_FAILED
 * with the rule's message) and must have a Spanish and a German translation, as an exact key or
 * through a pattern: a rule added later without its translations fails here. Refusals are not
 * sentences: they are error codes, rendered through the `errors` namespace (features/errors).
 */
const ROOT = resolve(import.meta.dirname, '../../../../..');

/** Read by operators only (start-up configuration, health and metrics), never by a user. */
const OPERATOR_FACING = [/^apps\/server\/src\/config\.ts$/, /^apps\/server\/src\/modules\/ops\//];

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name),
    )
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !OPERATOR_FACING.some((pattern) => pattern.test(path)));
}

/** A string literal: '…' or `…` (a template keeps its `${…}` parts, filled in below). */
const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|\`(?:[^\`\\]|\\.)*\`)`;

function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return literal.startsWith("'") ? body.replace(/\\(.)/g, '$1') : body;
}

function literalsIn(text: string): string[] {
  return [...text.matchAll(new RegExp(LITERAL, 'g'))].map((match) => unquote(match[1] ?? ''));
}

/** Where messages are written, as regexes whose last group is the literal. */
const ZOD_MESSAGE = [
  // z.string({ error: '…' }), z.uuid({ error: '…' }), refine(…, { message: '…' }), and the
  // rules of amountInCents({ required: '…', tooSmall: '…', … })
  new RegExp(String.raw`\b(?:error|message|required|invalid|tooSmall|tooLarge):\s*${LITERAL}`, 'g'),
  // .min(1, '…'), .max(n, '…'), .regex(/…/, '…'), .refine((v) => …, '…')
  new RegExp(String.raw`\.(?:min|max|length|regex|refine)\([^'\`;]*?,\s*${LITERAL}\s*\)`, 'g'),
  // .int('…')
  new RegExp(String.raw`\.int\(\s*${LITERAL}\s*\)`, 'g'),
];
/**
 * The server's route schemas' zod rules, and the rule messages of the HTTP layer
 * (`invalidInput('…')`, VALIDATION_FAILED): every other refusal is an error code.
 */
const SERVER_MESSAGE = [
  ...ZOD_MESSAGE,
  new RegExp(String.raw`\binvalidInput\(\s*${LITERAL}`, 'g'),
  // the rule message when a schema issue carries none
  new RegExp(String.raw`\?\? ${LITERAL}, field\)`, 'g'),
];

/** `export const MONEY_MESSAGES = { … }`: every value is a message. */
const MESSAGE_OBJECT = /\bconst [A-Z_]*(?:MESSAGES|TEXT) = \{([^}]*)\}/g;
/** `const WEIGHT_MESSAGE = '…'`. */
const MESSAGE_CONSTANT = new RegExp(String.raw`\bconst [A-Z_]*MESSAGE = ${LITERAL}`, 'g');
function extract(path: string, patterns: readonly RegExp[]): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(unquote(match[match.length - 1] ?? ''));
  }
  for (const match of text.matchAll(MESSAGE_OBJECT)) found.push(...literalsIn(match[1] ?? ''));
  for (const match of text.matchAll(MESSAGE_CONSTANT)) found.push(unquote(match[1] ?? ''));
  return found;
}

/** Arguments of a helper's calls in a file, e.g. text('Name', 80) → ['Name']. */
function labelsOf(path: string, helper: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return [...text.matchAll(new RegExp(String.raw`\b${helper}\('([^']+)'`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

/**
 * Messages built from a template: each template the scan finds must be listed here with the
 * messages it produces (from the source where it can be read), so a new template fails the test
 * until it is listed and translated.
 */
const TEMPLATES: Record<string, () => string[]> = {
  'At most ${max} characters': () => ['At most 100 characters', 'At most 5000 characters'],
  '${label} is required': () =>
    labelsOf('packages/shared/src/schemas/payment-methods.ts', 'text').map(
      (label) => `${label} is required`,
    ),
  '${field} is required': () =>
    labelsOf('packages/shared/src/schemas/plans.ts', 'planAmount').map(
      (field) => `${field} is required`,
    ),
  '${field} must be greater than $0.00': () =>
    labelsOf('packages/shared/src/schemas/plans.ts', 'planAmount').map(
      (field) => `${field} must be greater than $0.00`,
    ),
};

/**
 * Found by the scan but never shown to a person, so left in English on purpose.
 */
const NOT_USER_FACING = new Set([
  // A WebSocket close reason: the client reconnects or signs out, it never shows the text.
  'Too many connections',
  // Query and path parameters the app itself builds (a person never types them).
  'userId is required',
  'secret is required',
  'userId must be a user id',
  'userId must be a user id or null',
  'actorId must be a user id',
  'limit must be a number',
  'limit must be a whole number',
  'limit must be at least 1',
  'limit must be a whole number from 1 to ${CANDLES_MAX}',
  'from must be a date (YYYY-MM-DD)',
  'to must be a date (YYYY-MM-DD)',
  'days must be a whole number from 1 to 365',
  'interval must be 1m or 1h',
  '${field} must be a time in milliseconds since 1970',
  'limit must be at most ${TRANSACTION_PAGE_MAX}',
  'side must be long or short',
  'before must be an ISO date',
  // The instrument is chosen from a list in the app; the server maps the domain error itself.
  "Unknown instrument; use one of ${MARKET_SYMBOLS.join(', ')}",
]);

function sourceMessages(): { messages: string[]; unknownTemplates: string[] } {
  const found = new Set<string>();
  for (const path of filesUnder('packages/shared/src/schemas')) {
    for (const message of extract(path, ZOD_MESSAGE)) found.add(message);
  }
  for (const path of filesUnder('apps/server/src')) {
    for (const message of extract(path, SERVER_MESSAGE)) found.add(message);
  }
  // Written with a template (the stop-loss bounds), which the object scan cannot read.
  for (const message of Object.values(TRADE_MESSAGES)) found.add(message);
  const messages = new Set<string>();
  const unknownTemplates: string[] = [];
  for (const message of found) {
    if (NOT_USER_FACING.has(message)) continue;
    if (!message.includes('${')) messages.add(message);
    else if (TEMPLATES[message]) for (const filled of TEMPLATES[message]()) messages.add(filled);
    else unknownTemplates.push(message);
  }
  return { messages: [...messages].sort(), unknownTemplates };
}

const LOOKUP = { ns: VALIDATION_NAMESPACE, keySeparator: false, nsSeparator: false } as const;

afterEach(async () => {
  await changeLanguage('en');
});

describe('validation messages', () => {
  const { messages, unknownTemplates } = sourceMessages();

  it('finds the messages in the source (the scan is not silently empty)', () => {
    expect(messages).toEqual(
      expect.arrayContaining([
        'Full name is required',
        'Password must be at least 8 characters',
        'Please enter a valid amount with at most 2 decimals',
        'Image size must be less than 2MB',
        'Name is required',
        'Minimum must be greater than $0.00',
      ]),
    );
    expect(messages.length).toBeGreaterThan(80);
  });

  it('holds rule messages only: a refusal is an error code, never a sentence to look up', () => {
    const ruleKeys = new Set([...messages, ...MESSAGE_PATTERNS.map(({ key }) => key)]);
    expect(Object.keys(en).filter((key) => !ruleKeys.has(key))).toEqual([]);
  });

  it('knows how every template is filled in', () => {
    expect(unknownTemplates).toEqual([]);
  });

  it.each(['es', 'de'] as const)('translates every message into %s', async (language) => {
    await changeLanguage(language);
    const untranslated = messages.filter((message) => translateMessage(message) === message);
    expect(untranslated).toEqual([]);
  });

  it('keeps English exactly as written', () => {
    for (const message of messages) expect(translateMessage(message)).toBe(message);
  });

  it('has an English key for each pattern and each pattern key is a template of its regex', () => {
    for (const { key } of MESSAGE_PATTERNS) expect(en).toHaveProperty([key], key);
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('translateMessage', () => {
  it('translates a plain message', async () => {
    await changeLanguage('es');
    expect(translateMessage('Full name is required')).toBe('El nombre completo es obligatorio');
    await changeLanguage('de');
    expect(translateMessage('Full name is required')).toBe(
      'Der vollständige Name ist erforderlich',
    );
  });

  it('translates a rule built with a number and keeps the number as written', async () => {
    await changeLanguage('es');
    expect(translateMessage('At most 32 characters')).toBe('Como máximo 32 caracteres');
    await changeLanguage('de');
    expect(translateMessage('Must be a whole number from 0 to 1000')).toBe(
      'Muss eine ganze Zahl von 0 bis 1000 sein',
    );
  });

  it('leaves an unknown message unchanged', async () => {
    await changeLanguage('de');
    expect(translateMessage('Something nobody wrote yet')).toBe('Something nobody wrote yet');
    expect(translateMessage('')).toBe('');
  });

  it('leaves English unchanged', () => {
    expect(translateMessage('Full name is required')).toBe('Full name is required');
    expect(translateMessage('At most 32 characters')).toBe('At most 32 characters');
  });

  it('reads keys with dots and colons literally', async () => {
    await changeLanguage('de');
    expect(i18n.exists('Amount must be at least $1.00', LOOKUP)).toBe(true);
    expect(
      translateMessage('Unknown field: orders take symbol, side and targetWeight only'),
    ).not.toBe('Unknown field: orders take symbol, side and targetWeight only');
  });
});

describe('the validation namespace', () => {
  it('is loaded with any language but English', async () => {
    i18n.removeResourceBundle('en', VALIDATION_NAMESPACE);
    i18n.removeResourceBundle('de', VALIDATION_NAMESPACE);

    await ensureNamespaces(['shell'], 'en');
    expect(i18n.hasResourceBundle('en', VALIDATION_NAMESPACE)).toBe(false);

    await changeLanguage('de');
    expect(i18n.hasResourceBundle('de', VALIDATION_NAMESPACE)).toBe(true);
    expect(translateMessage('Password is required')).toBe('Das Passwort ist erforderlich');
  });
});
