import path from 'node:path';

/** Every setting comes from the environment, with the defaults documented in the README. */
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
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  logLevel: string;
  marketData: 'simulated' | 'exchange';
  exchange: string;
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
  };
  /** METRICS_TOKEN: bearer token for /metrics; unset: /metrics answers loopback connections only. */
  metricsToken: string | undefined;
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    brandName: env.BRAND_NAME || 'Nestrado',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'no-reply@nestrado.local',
    supportEmail: env.SUPPORT_EMAIL || 'support@nestrado.local',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionIdleMinutes: intFrom(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: intFrom(env.SESSION_ABSOLUTE_HOURS, 12),
    logLevel: env.LOG_LEVEL || 'info',
    marketData: env.MARKET_DATA === 'exchange' ? 'exchange' : 'simulated',
    exchange: env.EXCHANGE || 'binance',
    trustProxy: env.TRUST_PROXY === 'true',
    seedDemo: env.SEED_DEMO !== 'false',
    rateLimits: {
      login: intFrom(env.RATE_LIMIT_LOGIN, 10),
      loginAddress: intFrom(env.RATE_LIMIT_LOGIN_ADDRESS, 30),
      register: intFrom(env.RATE_LIMIT_REGISTER, 20),
      recovery: intFrom(env.RATE_LIMIT_RECOVERY, 10),
      twoFactor: intFrom(env.RATE_LIMIT_TWO_FACTOR, 10),
    },
    secretsKeyBase64: env.SECRETS_KEY || undefined,
    workers: intFrom(env.WEB_CONCURRENCY, 1),
    metricsToken: env.METRICS_TOKEN || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
