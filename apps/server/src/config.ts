import type { PublicConfig } from '@app/shared/schemas/common';
import path from 'node:path';
import { z } from 'zod';
import { MARKET_SYMBOLS, type MarketSymbol } from '@app/shared/schemas/market';
import {
  PERFORMANCE_MACHINERY,
  switchesWithout,
  type PerformanceMachinery,
  type PerformanceSwitches,
} from './db/performance/switches';
import {
  email,
  flag,
  integer,
  oneOf,
  optionalEmail,
  optionalInteger,
  optionalText,
  text,
  url,
} from './lib/setting-parsers';

/**
 * Every setting comes from the environment and is declared once, here: its parser, its default and
 * the sentence the README's configuration table shows (a test keeps the two in step). The whole
 * environment is parsed once at start; every bad variable is named at once, and the server does
 * not start.
 */
export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; when absent an embedded server is started with its data in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  brandName: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** SUPPORT_HOURS: when support answers, in the operator's words; unset: no hours are claimed. */
  supportHours: string | null;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionIdleMinutes: number;
  /** MAX_OPEN_TRADES: how many copies (open trades, one per plan) a user may hold at once. */
  maxOpenTrades: number;
  sessionAbsoluteHours: number;
  /** MAX_SESSIONS_PER_USER: live sessions a user may hold; a new sign-in ends the oldest. */
  maxSessionsPerUser: number;
  /** MAX_SOCKETS_PER_USER: open realtime sockets per user on one instance; a new one closes the oldest. */
  maxSocketsPerUser: number;
  logLevel: string;
  marketData: 'simulated' | 'exchange';
  exchange: string;
  /** MARKET_SEED: a fixed seed for the simulated market (tests, demos); unset: the stored secret one. */
  marketSeed: number | undefined;
  /** MARKET_SCRIPT_FILE: browser tests only; the market quotes the prices this JSON file holds. */
  marketScriptFile: string | undefined;
  /**
   * MARKET_REFERENCE_PRICES: the levels the simulated market wanders around, per instrument; one
   * left out keeps its default (near the real market's, instruments.ts).
   */
  marketReferencePrices: Partial<Record<MarketSymbol, string>>;
  marketBackfillDays: number;
  marketTickMs: number;
  /**
   * CLOSE_WORKERS: batches of one stop-loss cascade closed at once, each on its own connection
   * (scheduled-closes.ts): the cascade's pace grows with the database's cores, not the process's.
   */
  closeWorkers: number;
  trustProxy: boolean;
  seedDemo: boolean;
  webDistDir: string;
  /** SECRETS_KEY (base64, 32 bytes); unset: a key file in dataDir is used (see secret-box.ts). */
  secretsKeyBase64: string | undefined;
  /** WEB_CONCURRENCY: instance processes sharing the port (1 = this process serves). */
  workers: number;
  /**
   * Attempts per window, counted in PostgreSQL (modules/auth/auth.limits.ts): wrong passwords per
   * account (login, 15 min), wrong passwords or codes per address (loginAddress, 15 min), sign-ups
   * per address (1 h), recovery/verification per address, account and recipient (1 h), wrong TOTP
   * codes per account (twoFactor, 15 min).
   */
  rateLimits: {
    login: number;
    loginAddress: number;
    register: number;
    recovery: number;
    twoFactor: number;
    /** Requests per personal API token per minute. */
    apiToken: number;
  };
  /** METRICS_TOKEN: bearer token for /metrics; unset: /metrics answers loopback connections only. */
  metricsToken: string | undefined;
  /** PERFORMANCE_OFF: the performance machinery switched off (db/performance/switches.ts). */
  performance: PerformanceSwitches;
  /** CHAIN_RAILS: the development chain, none, or the rails file (read by the chain module at start). */
  chainRails: 'dev' | 'off' | { file: string };
}

/** One environment variable: how it is parsed, and what the README says of it. */
interface Setting<T> {
  /** The README's "Default" column (a value, or a sentence in italics). */
  default: string;
  meaning: string;
  /** Receives the variable's text, or undefined when it is unset or empty. */
  schema: z.ZodType<T, string | undefined>;
}

function setting<T>(
  defaultText: string,
  meaning: string,
  schema: z.ZodType<T, string | undefined>,
): Setting<T> {
  return { default: defaultText, meaning, schema };
}

function isMarketSymbol(symbol: string): symbol is MarketSymbol {
  return (MARKET_SYMBOLS as readonly string[]).includes(symbol);
}

/** "BTCUSDT=90000,ETHUSDT=3000": a positive decimal price per known instrument, each once. */
function referencePrices() {
  const example = `must be SYMBOL=PRICE pairs separated by commas, such as BTCUSDT=90000,ETHUSDT=3000 (symbols: ${MARKET_SYMBOLS.join(', ')})`;
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const prices: Partial<Record<MarketSymbol, string>> = {};
      for (const pair of (value ?? '').split(',').map((item) => item.trim())) {
        if (pair === '') continue;
        const match = /^([A-Z]+)=(\d{1,9}(?:\.\d{1,8})?)$/.exec(pair);
        const symbol = match?.[1];
        const price = match?.[2];
        if (
          !symbol ||
          !price ||
          !isMarketSymbol(symbol) ||
          symbol in prices ||
          !(Number(price) > 0)
        ) {
          context.addIssue({ code: 'custom', message: example });
          return z.NEVER;
        }
        prices[symbol] = price;
      }
      return prices;
    });
}

/** "pipelining,session-cache": names from PERFORMANCE_MACHINERY, each once. */
function machineryList() {
  const known = `must be names separated by commas from: ${PERFORMANCE_MACHINERY.join(', ')}`;
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const names = (value ?? '').split(',').map((item) => item.trim());
      const off: PerformanceMachinery[] = [];
      for (const name of names.filter((item) => item !== '')) {
        const machinery = PERFORMANCE_MACHINERY.find((known) => known === name);
        if (!machinery || off.includes(machinery)) {
          context.addIssue({ code: 'custom', message: known });
          return z.NEVER;
        }
        off.push(machinery);
      }
      return off;
    });
}

const SETTINGS = {
  PORT: setting(
    '`3000`',
    'HTTP port for the web app, the API and the WebSocket',
    integer(3000, 1, 65535),
  ),
  HOST: setting('`0.0.0.0`', 'Interface to listen on', text('0.0.0.0')),
  DATABASE_URL: setting(
    '_(unset)_',
    'External PostgreSQL (`postgres://user:pass@host:5432/db`). Unset: an embedded PostgreSQL is started with the server',
    url(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db'),
  ),
  DATA_DIR: setting(
    '`./data`',
    'Embedded database files (`data/pg`), public avatars (`data/uploads`) and sealed identity documents (`data/private`)',
    text('data'),
  ),
  BRAND_NAME: setting(
    '`Nestrado`',
    'The product’s name, used everywhere it names itself (UI, e-mails, TOTP issuer)',
    z
      .string()
      .trim()
      .min(1)
      .max(60, 'must be at most 60 characters')
      .optional()
      .default('Nestrado'),
  ),
  PUBLIC_URL: setting(
    '`http://localhost:$PORT`',
    'Origin users reach; links in e-mails, allowed Origin for CSRF and WebSocket checks; `https://` turns on Secure cookies and HSTS',
    url(['http:', 'https:'], 'https://invest.example.com'),
  ),
  TRUST_PROXY: setting(
    '`false`',
    'Set `true` behind a reverse proxy so client addresses come from `X-Forwarded-For`',
    flag(false),
  ),
  SECRETS_KEY: setting(
    '_(a key file `DATA_DIR/secrets.key`, created once)_',
    '32 random bytes, base64: seals secrets the server reads back (TOTP seeds) with AES-256-GCM. Set the same value on every instance that shares a database',
    z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || Buffer.from(value, 'base64').length === 32,
        'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
      ),
  ),
  SMTP_URL: setting(
    '_(unset)_',
    'e.g. `smtp://user:pass@smtp.example.com:587`. Unset: mail goes to the development mailbox (`DATA_DIR/mailbox/*.eml`); `/admin/outbox` shows redacted bodies only. Set it in production',
    url(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.com:587'),
  ),
  MAIL_FROM: setting(
    '`no-reply@nestrado.local`',
    'Sender address',
    email('no-reply@nestrado.local'),
  ),
  SUPPORT_EMAIL: setting(
    '`support@nestrado.local`',
    'Where contact-form messages and operator notices go',
    email('support@nestrado.local'),
  ),
  SUPPORT_HOURS: setting(
    '_(unset)_',
    'When support answers, shown on the site as written, e.g. `Mon–Fri 9:00–17:00 CET`. Unset: the site names no hours',
    z.string().trim().min(1).max(80).optional(),
  ),
  ADMIN_EMAIL: setting(
    '`admin@nestrado.local`',
    'First admin, created at first start',
    optionalEmail(),
  ),
  ADMIN_PASSWORD: setting(
    '_(generated, printed once)_',
    'First admin’s password',
    z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  ),
  SEED_DEMO: setting(
    '`true`',
    'Seed demo plans, strategies and payment methods on first start',
    flag(true),
  ),
  MAX_OPEN_TRADES: setting(
    '`10`',
    'How many open trades (copies, at most one per plan) a user may hold at once',
    integer(10, 1, 100),
  ),
  SESSION_IDLE_MINUTES: setting(
    '`30`',
    'A session ends after this long unused',
    integer(30, 1, 24 * 60),
  ),
  SESSION_ABSOLUTE_HOURS: setting(
    '`12`',
    'A session ends this long after sign-in, whatever happens',
    integer(12, 1, 24 * 30),
  ),
  MAX_SESSIONS_PER_USER: setting(
    '`20`',
    'Live sessions one user may hold; a new sign-in past it ends the user’s oldest session',
    integer(20, 1, 1000),
  ),
  MAX_SOCKETS_PER_USER: setting(
    '`20`',
    'Open realtime sockets one user may hold on one instance; a new socket past it closes the user’s oldest',
    integer(20, 1, 1000),
  ),
  RATE_LIMIT_LOGIN: setting(
    '`10`',
    'Wrong passwords per account per 15 minutes, from any address (login, password change, e-mail change, closing the account, turning two-factor off)',
    integer(10, 1, 100_000),
  ),
  RATE_LIMIT_LOGIN_ADDRESS: setting(
    '`30`',
    'Wrong passwords or two-factor codes per client address per 15 minutes, across accounts',
    integer(30, 1, 100_000),
  ),
  RATE_LIMIT_REGISTER: setting(
    '`20`',
    'Sign-ups per client address per hour',
    integer(20, 1, 100_000),
  ),
  RATE_LIMIT_RECOVERY: setting(
    '`10`',
    'Password-recovery and verification requests per hour, per address, per account and per recipient',
    integer(10, 1, 100_000),
  ),
  RATE_LIMIT_TWO_FACTOR: setting(
    '`10`',
    'Wrong two-factor or recovery codes per account per 15 minutes (sign-in, turning two-factor on)',
    integer(10, 1, 100_000),
  ),
  RATE_LIMIT_API_TOKEN: setting(
    '`60`',
    'Requests per personal API token per minute (docs/api-tokens.md)',
    integer(60, 1, 100_000),
  ),
  MARKET_DATA: setting(
    '`simulated`',
    '`simulated` (a demo feed, labelled as such; refused when `NODE_ENV=production` unless `ALLOW_SIMULATED_MARKET=true`) or `exchange` (public prices through ccxt)',
    oneOf(['simulated', 'exchange'] as const, 'simulated'),
  ),
  ALLOW_SIMULATED_MARKET: setting(
    '`false`',
    '`true` lets `NODE_ENV=production` run on the simulated demo feed',
    flag(false),
  ),
  EXCHANGE: setting(
    '`binance`',
    'Exchange for `MARKET_DATA=exchange` (a ccxt exchange id)',
    z
      .string()
      .regex(/^[a-z0-9]+$/, 'must be a ccxt exchange id such as binance')
      .optional()
      .default('binance'),
  ),
  MARKET_SEED: setting(
    '_(a secret seed drawn at first start and kept in the database)_',
    'A fixed seed for the simulated market (tests and demos): the same seed always gives the same prices. Never set it on a platform with real money',
    optionalInteger(0, 2 ** 32 - 1),
  ),
  MARKET_SCRIPT_FILE: setting(
    '_(unset)_',
    'Browser tests only: a JSON file (`{"BTCUSDT":"90000.00"}`) whose prices the market quotes instead of the simulated ones, read at every tick. Refused when `NODE_ENV=production`',
    optionalText(),
  ),
  MARKET_REFERENCE_PRICES: setting(
    '_(BTC 90000, ETH 3000, SOL 140, BNB 600, XRP 2.2)_',
    'Simulated market levels per instrument (`BTCUSDT=65000,XRPUSDT=0.6`); prices wander around them, never beyond ÷3 or ×3; a change applies from the next start',
    referencePrices(),
  ),
  MARKET_BACKFILL_DAYS: setting(
    '`30`',
    'Days of 1-minute candles (and demo-strategy history) generated on first start',
    integer(30, 1, 90),
  ),
  MARKET_TICK_MS: setting(
    '`1000`',
    'How often prices tick, NAVs are recomputed and stop-losses checked',
    integer(1000, 250, 60_000),
  ),
  CLOSE_WORKERS: setting(
    '`2`',
    'Batches of a stop-loss cascade closed at once, each on its own database connection (of the 20 an instance keeps): each keeps about one of the database’s cores busy, so about its cores, as docs/deploy.md measures',
    integer(2, 1, 8),
  ),
  CHAIN_RAILS: setting(
    '`dev` (`off` when `NODE_ENV=production`)',
    'Crypto deposits credited from the chain: `dev` (a development chain with test USDC, started with the server; refused when `NODE_ENV=production`), `off`, or the path of the JSON file with the networks (docs/deploy.md)',
    z.string().trim().min(1).optional(),
  ),
  LOG_LEVEL: setting(
    '`info`',
    'pino level; logs are JSON lines with a request id, secrets redacted',
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  ),
  WEB_DIST_DIR: setting('`apps/web/dist`', 'Built web app to serve', optionalText()),
  WEB_CONCURRENCY: setting(
    '`1`',
    'Instance processes sharing the port (Node cluster): each is a whole instance as in docs/deploy.md. `1` = this process serves; about one per core',
    integer(1, 1, 64),
  ),
  METRICS_TOKEN: setting(
    '_(unset)_',
    'Bearer token required for `/metrics`. Unset: `/metrics` answers only direct loopback connections (see docs/deploy.md)',
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  PERFORMANCE_OFF: setting(
    '_(unset)_',
    'Machinery to switch off, comma-separated: `pipelining`, `prepared-statements`, `shared-reads`, `session-cache`, `price-cache`, `tick-states`, `figure-bands`, `hour-turn-spread`. Same answers, only slower (see docs/architecture.md)',
    machineryList(),
  ),
} satisfies Record<string, Setting<unknown>>;

type Settings = typeof SETTINGS;
type Parsed = { [K in keyof Settings]: Settings[K] extends Setting<infer T> ? T : never };

/** Names, defaults and meanings, in the README's order (the table is checked against this). */
export const SETTINGS_DOC = Object.entries(SETTINGS).map(([name, entry]) => ({
  name,
  default: entry.default,
  meaning: entry.meaning,
}));

/** Families of our variables: one with this prefix that we do not know is most likely a typo. */
const OUR_PREFIXES = [
  'CHAIN_',
  'MARKET_',
  'RATE_LIMIT_',
  'SESSION_',
  'METRICS_',
  'SMTP_',
  'ADMIN_',
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The server cannot start: ${problems.length === 1 ? 'a setting is' : 'settings are'} wrong.\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

function closestSetting(name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const known of Object.keys(SETTINGS)) {
    const distance = editDistance(name, known);
    if (!best || distance < best.distance) best = { name: known, distance };
  }
  return best && best.distance <= 3 ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/** Each setting parsed from the environment; the problems of the ones that do not parse. */
function parseSettings(env: NodeJS.ProcessEnv): {
  values: Record<string, unknown>;
  problems: string[];
} {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
    const raw = env[name];
    const input = raw === undefined || raw.trim() === '' ? undefined : raw;
    const result = entry.schema.safeParse(input);
    if (result.success) values[name] = result.data;
    else {
      const secret =
        name === 'ADMIN_PASSWORD' || name === 'SECRETS_KEY' || name === 'METRICS_TOKEN';
      const got = secret || input === undefined ? '' : ` (got "${shown(input)}")`;
      problems.push(`${name} ${result.error.issues[0]?.message ?? 'is not valid'}${got}`);
    }
  }
  return { values, problems };
}

/** Variables with our prefixes that are no setting (a typo), with the setting meant if close. */
function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(env)) {
    if (name in SETTINGS || !OUR_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const guess = closestSetting(name);
    problems.push(`${name} is not a setting${guess ? ` (did you mean ${guess}?)` : ''}`);
  }
  return problems;
}

/** What the settings refuse together, once each parsed. */
function combinationProblems(parsed: Parsed, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (parsed.SESSION_IDLE_MINUTES > parsed.SESSION_ABSOLUTE_HOURS * 60)
    problems.push(
      'SESSION_IDLE_MINUTES must not be longer than SESSION_ABSOLUTE_HOURS (a session would outlive its absolute limit)',
    );
  if (env.NODE_ENV === 'production' && parsed.MARKET_SCRIPT_FILE)
    problems.push(
      'MARKET_SCRIPT_FILE is for browser tests and is refused when NODE_ENV=production',
    );
  if (
    env.NODE_ENV === 'production' &&
    parsed.MARKET_DATA === 'simulated' &&
    !parsed.ALLOW_SIMULATED_MARKET
  )
    problems.push(
      'MARKET_DATA is simulated (a demo feed) while NODE_ENV=production: set MARKET_DATA=exchange, or ALLOW_SIMULATED_MARKET=true for a demo',
    );
  if (env.NODE_ENV === 'production' && parsed.CHAIN_RAILS === 'dev')
    problems.push(
      'CHAIN_RAILS=dev (a development chain whose keys are public) is refused when NODE_ENV=production: set CHAIN_RAILS to the rails file, or off',
    );
  return problems;
}

/** The environment, checked as a whole; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { values, problems } = parseSettings(env);
  problems.push(...unknownSettings(env));
  const parsed = values as Parsed;
  if (problems.length === 0) problems.push(...combinationProblems(parsed, env));
  if (problems.length > 0) throw new ConfigError(problems);
  return configOf(parsed, env.NODE_ENV === 'production');
}

/** The configuration the server runs with, from the parsed settings. */
function configOf(parsed: Parsed, production: boolean): Config {
  const port = parsed.PORT;
  return {
    port,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: path.resolve(parsed.DATA_DIR),
    brandName: parsed.BRAND_NAME,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    supportEmail: parsed.SUPPORT_EMAIL,
    supportHours: parsed.SUPPORT_HOURS ?? null,
    adminEmail: parsed.ADMIN_EMAIL,
    adminPassword: parsed.ADMIN_PASSWORD,
    sessionIdleMinutes: parsed.SESSION_IDLE_MINUTES,
    maxOpenTrades: parsed.MAX_OPEN_TRADES,
    sessionAbsoluteHours: parsed.SESSION_ABSOLUTE_HOURS,
    maxSessionsPerUser: parsed.MAX_SESSIONS_PER_USER,
    maxSocketsPerUser: parsed.MAX_SOCKETS_PER_USER,
    logLevel: parsed.LOG_LEVEL,
    marketData: parsed.MARKET_DATA,
    exchange: parsed.EXCHANGE,
    marketSeed: parsed.MARKET_SEED,
    marketScriptFile: parsed.MARKET_SCRIPT_FILE,
    marketReferencePrices: parsed.MARKET_REFERENCE_PRICES,
    marketBackfillDays: parsed.MARKET_BACKFILL_DAYS,
    marketTickMs: parsed.MARKET_TICK_MS,
    closeWorkers: parsed.CLOSE_WORKERS,
    trustProxy: parsed.TRUST_PROXY,
    seedDemo: parsed.SEED_DEMO,
    rateLimits: {
      login: parsed.RATE_LIMIT_LOGIN,
      loginAddress: parsed.RATE_LIMIT_LOGIN_ADDRESS,
      register: parsed.RATE_LIMIT_REGISTER,
      recovery: parsed.RATE_LIMIT_RECOVERY,
      twoFactor: parsed.RATE_LIMIT_TWO_FACTOR,
      apiToken: parsed.RATE_LIMIT_API_TOKEN,
    },
    secretsKeyBase64: parsed.SECRETS_KEY,
    workers: parsed.WEB_CONCURRENCY,
    metricsToken: parsed.METRICS_TOKEN,
    performance: switchesWithout(parsed.PERFORMANCE_OFF),
    chainRails: chainRailsOf(parsed.CHAIN_RAILS ?? (production ? 'off' : 'dev')),
    webDistDir: path.resolve(
      parsed.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'),
    ),
  };
}

function chainRailsOf(value: string): Config['chainRails'] {
  return value === 'dev' || value === 'off' ? value : { file: path.resolve(value) };
}

/** What the browser may know of the configuration: one value each, served by /api/config and in index.html. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    brandName: config.brandName,
    supportEmail: config.supportEmail,
    supportHours: config.supportHours,
    marketData: config.marketData,
  };
}
