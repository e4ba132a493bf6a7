import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, ensureNamespaces, i18n } from '../../i18n';
import { MESSAGE_PATTERNS, translateMessage, VALIDATION_NAMESPACE } from '../../lib/messages';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * Every message a person can meet is found in the source at test time (the shared zod schemas and
 * what the server sends) and must have a Spanish and a German translation, as an exact key or
 * through a pattern: a message added later without its translations fails here.
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
const SERVER_MESSAGE = [
  new RegExp(
    String.raw`\b(?:badRequest|conflict|notFound|forbidden|unauthenticated)\(\s*${LITERAL}`,
    'g',
  ),
  new RegExp(String.raw`new AppError\(\s*'[A-Z_]+',\s*\d+,\s*${LITERAL}`, 'g'),
  // the defaults of unauthenticated() / forbidden() / notFound()
  new RegExp(String.raw`\(message = ${LITERAL}\)`, 'g'),
  // domain errors: super('…')
  new RegExp(String.raw`\bsuper\(\s*${LITERAL}`, 'g'),
  // z.uuid({ error: '…' }) in route schemas, and the trading error map's { message: '…' }
  ...ZOD_MESSAGE,
];

/** `export const MESSAGES = { … }`, `TRADE_TEXT = { … }`: every value is a message. */
const MESSAGE_OBJECT = /\bconst [A-Z_]*(?:MESSAGES|TEXT) = \{([^}]*)\}/g;
/** `const WEIGHT_MESSAGE = '…'`. */
const MESSAGE_CONSTANT = new RegExp(String.raw`\bconst [A-Z_]*MESSAGE = ${LITERAL}`, 'g');
/** The error handler's fixed answers: every sentence-like literal in it. */
const ERROR_HANDLER = 'apps/server/src/http/error-handler.ts';

function extract(path: string, patterns: readonly RegExp[]): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(unquote(match[match.length - 1] ?? ''));
  }
  for (const match of text.matchAll(MESSAGE_OBJECT)) found.push(...literalsIn(match[1] ?? ''));
  for (const match of text.matchAll(MESSAGE_CONSTANT)) found.push(unquote(match[1] ?? ''));
  if (path === ERROR_HANDLER) {
    found.push(...literalsIn(text).filter((literal) => /^[A-Z][^\n]* /.test(literal)));
  }
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
  'Amount must be greater than or equal to ${formatPlanAmount(plan.minCents)}': () => [
    'Amount must be greater than or equal to $1,000',
    'Amount must be greater than or equal to $1,000.50',
  ],
  'Amount must be less than or equal to ${formatPlanAmount(plan.maxCents)}': () => [
    'Amount must be less than or equal to $4,999',
    'Amount must be less than or equal to $1,000,000',
  ],
  'This ${label} was not found': () => [
    'This deposit was not found',
    'This withdrawal was not found',
  ],
  'This ${label} was already ${verb}': () => [
    'This deposit was already approved',
    'This deposit was already rejected',
    'This withdrawal was already paid',
    'This withdrawal was already rejected',
  ],
  'A ${existing.kind} method has no ${field}': () => [
    'A crypto method has no bankName',
    'A bank method has no network',
  ],
  'Unknown instrument: ${symbol}': () => ['Unknown instrument: DOGEUSDT'],
  "Total gross weight would be ${grossWeightPct}%, above 100% of the strategy's equity": () => [
    "Total gross weight would be 120.5%, above 100% of the strategy's equity",
  ],
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
  // Unknown routes and methods: only reached by hand-written requests.
  'Method ${request.method} is not allowed here',
  'Route ${request.method} ${path} not found',
  // Domain errors whose message the HTTP layer replaces (trading.errors.ts MAPPING) or that never
  // leave the server (the ledger turns insufficient funds into 'Insufficient balance').
  'Target weight must be a decimal between 0 and 1, got ${weight}',
  'No market price for ${symbol}',
  'Amount must be a positive whole number of cents',
  'Units cannot be bought while the NAV is not positive',
  'Cannot redeem more units than are outstanding',
  'insufficient funds in ${accountCode}',
]);

function sourceMessages(): { messages: string[]; unknownTemplates: string[] } {
  const found = new Set<string>();
  for (const path of filesUnder('packages/shared/src/schemas')) {
    for (const message of extract(path, ZOD_MESSAGE)) found.add(message);
  }
  for (const path of filesUnder('apps/server/src')) {
    for (const message of extract(path, SERVER_MESSAGE)) found.add(message);
  }
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
        'Too many attempts. Please wait and try again.',
        'Invalid email or password',
        'Please log in to continue',
        'You already have an open trade. Close it or claim its profit before starting another.',
        'The strategy has no equity to open or grow a position with',
        'Name is required',
        'Minimum must be greater than $0.00',
      ]),
    );
    expect(messages.length).toBeGreaterThan(80);
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

  it('translates a message with an amount and keeps the amount as written', async () => {
    await changeLanguage('es');
    expect(translateMessage('Amount must be greater than or equal to $1,000')).toBe(
      'El importe debe ser mayor o igual que $1,000',
    );
    await changeLanguage('de');
    expect(translateMessage('Amount must be less than or equal to $4,999.50')).toBe(
      'Der Betrag muss kleiner oder gleich $4,999.50 sein',
    );
  });

  it('leaves an unknown message unchanged', async () => {
    await changeLanguage('de');
    expect(translateMessage('Something nobody wrote yet')).toBe('Something nobody wrote yet');
    expect(translateMessage('')).toBe('');
  });

  it('leaves English unchanged', () => {
    expect(translateMessage('Full name is required')).toBe('Full name is required');
    expect(translateMessage('Amount must be greater than or equal to $1,000')).toBe(
      'Amount must be greater than or equal to $1,000',
    );
  });

  it('reads keys with dots and colons literally', async () => {
    await changeLanguage('de');
    expect(i18n.exists('Too many attempts. Please wait and try again.', LOOKUP)).toBe(true);
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
