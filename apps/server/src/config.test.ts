import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, SETTINGS_DOC, loadConfig } from './config';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      brandName: 'Nestrado',
      publicUrl: 'http://localhost:3000',
      marketData: 'simulated',
      exchange: 'binance',
      marketSeed: undefined,
      marketBackfillDays: 30,
      marketTickMs: 1000,
      closeWorkers: 2,
      trustProxy: false,
      seedDemo: true,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      rateLimits: {
        login: 10,
        loginAddress: 30,
        register: 20,
        recovery: 10,
        twoFactor: 10,
        apiToken: 60,
      },
      workers: 1,
      logLevel: 'info',
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('names a misspelt value instead of running the default', () => {
    expect(problemsOf({ MARKET_DATA: 'exchnage' })).toEqual([
      'MARKET_DATA must be one of: simulated, exchange (got "exchnage")',
    ]);
  });

  it('names every bad variable at once', () => {
    expect(
      problemsOf({
        PORT: '80a',
        PUBLIC_URL: 'localhost:3000',
        SMTP_URL: 'http://mail.example.com',
        DATABASE_URL: 'mysql://x@y/z',
        RATE_LIMIT_LOGIN: '0',
        TRUST_PROXY: 'yes',
        MARKET_TICK_MS: '10',
        SUPPORT_EMAIL: 'support',
      }),
    ).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "80a")',
      'DATABASE_URL must be a URL such as postgres://user:pass@host:5432/db (got "mysql://x@y/z")',
      'PUBLIC_URL must be a URL such as https://invest.example.com (got "localhost:3000")',
      'TRUST_PROXY must be true or false (got "yes")',
      'SMTP_URL must be a URL such as smtp://user:pass@smtp.example.com:587 (got "http://mail.example.com")',
      'SUPPORT_EMAIL must be an e-mail address (got "support")',
      'RATE_LIMIT_LOGIN must be at least 1 (got "0")',
      'MARKET_TICK_MS must be at least 250 (got "10")',
    ]);
  });

  it('takes CLOSE_WORKERS from 1 to 8: past 8 a cascade would hold most of the pool’s 20 connections', () => {
    expect(loadConfig({ CLOSE_WORKERS: '4' }).closeWorkers).toBe(4);
    expect(problemsOf({ CLOSE_WORKERS: '9' })).toEqual([
      'CLOSE_WORKERS must be at most 8 (got "9")',
    ]);
    expect(problemsOf({ CLOSE_WORKERS: '0' })).toEqual([
      'CLOSE_WORKERS must be at least 1 (got "0")',
    ]);
  });

  it('names an unknown variable of our families, with the setting it most likely meant', () => {
    expect(problemsOf({ MARKET_DAT: 'exchange', RATE_LIMIT_LOGINS: '5', PATH: '/bin' })).toEqual([
      'MARKET_DAT is not a setting (did you mean MARKET_DATA?)',
      'RATE_LIMIT_LOGINS is not a setting (did you mean RATE_LIMIT_LOGIN?)',
    ]);
  });

  it('never repeats a secret it refuses', () => {
    const problems = problemsOf({ ADMIN_PASSWORD: 'hunter2', SECRETS_KEY: 'c2hvcnQ=' });
    expect(problems).toEqual([
      'SECRETS_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
      'ADMIN_PASSWORD must be at least 8 characters',
    ]);
  });

  it('refuses contradictions: an idle timeout past the absolute one', () => {
    expect(problemsOf({ SESSION_IDLE_MINUTES: '180', SESSION_ABSOLUTE_HOURS: '2' })).toEqual([
      'SESSION_IDLE_MINUTES must not be longer than SESSION_ABSOLUTE_HOURS (a session would outlive its absolute limit)',
    ]);
  });

  it('refuses the simulated demo feed in production unless explicitly allowed', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'MARKET_DATA is simulated (a demo feed) while NODE_ENV=production: set MARKET_DATA=exchange, or ALLOW_SIMULATED_MARKET=true for a demo',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_SIMULATED_MARKET: 'true' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', MARKET_DATA: 'exchange' })).toEqual([]);
  });

  it('runs the development chain by default, none in production, and refuses it there', () => {
    expect(loadConfig({}).chainRails).toBe('dev');
    expect(loadConfig({ CHAIN_RAILS: 'off' }).chainRails).toBe('off');
    expect(loadConfig({ CHAIN_RAILS: 'rails.json' }).chainRails).toEqual({
      file: path.resolve('rails.json'),
    });
    const production = { NODE_ENV: 'production', MARKET_DATA: 'exchange' };
    expect(loadConfig(production).chainRails).toBe('off');
    expect(problemsOf({ ...production, CHAIN_RAILS: 'dev' })).toEqual([
      'CHAIN_RAILS=dev (a development chain whose keys are public) is refused when NODE_ENV=production: set CHAIN_RAILS to the rails file, or off',
    ]);
    expect(problemsOf({ CHAIN_RAIL: 'off' })).toEqual([
      'CHAIN_RAIL is not a setting (did you mean CHAIN_RAILS?)',
    ]);
  });

  it('takes a fixed MARKET_SEED over its whole 32-bit range, and nothing else', () => {
    expect(loadConfig({ MARKET_SEED: '4294967295' }).marketSeed).toBe(4_294_967_295);
    expect(loadConfig({ MARKET_SEED: '0' }).marketSeed).toBe(0);
    expect(problemsOf({ MARKET_SEED: '4294967296' })).toEqual([
      'MARKET_SEED must be at most 4294967295 (got "4294967296")',
    ]);
    expect(problemsOf({ MARKET_SEED: '-1' })).toHaveLength(1);
  });

  it('takes the simulated market’s reference prices per instrument, and names a bad one', () => {
    expect(loadConfig({}).marketReferencePrices).toEqual({});
    expect(
      loadConfig({ MARKET_REFERENCE_PRICES: 'BTCUSDT=65000.5, XRPUSDT=0.55' })
        .marketReferencePrices,
    ).toEqual({ BTCUSDT: '65000.5', XRPUSDT: '0.55' });
    for (const bad of [
      'DOGEUSDT=0.1',
      'BTCUSDT=0',
      'BTCUSDT=-5',
      'BTCUSDT',
      'BTCUSDT=1,BTCUSDT=2',
    ]) {
      expect(problemsOf({ MARKET_REFERENCE_PRICES: bad }), bad).toEqual([
        `MARKET_REFERENCE_PRICES must be SYMBOL=PRICE pairs separated by commas, such as BTCUSDT=90000,ETHUSDT=3000 (symbols: BTCUSDT, ETHUSDT, SOLUSDT, BNBUSDT, XRPUSDT) (got "${bad}")`,
      ]);
    }
  });

  it("is the README's configuration table, row for row", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => {
        const [name, defaultText, meaning] = line
          .split(/(?<!\\)\|/)
          .slice(1, 4)
          .map((cell) => cell.trim());
        return { name: name?.replace(/`/g, ''), default: defaultText, meaning };
      });
    expect(rows).toEqual(SETTINGS_DOC);
  });

  it('stops `npm start` with a misspelt setting before starting anything, naming it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestrado-config-'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, MARKET_DATA: 'exchnage', PORT: '3999' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'MARKET_DATA must be one of: simulated, exchange (got "exchnage")',
    );
    expect(result.stderr).not.toMatch(/\bat .+\.ts:\d+/); // a sentence, not a stack trace
    expect(fs.readdirSync(dataDir)).toEqual([]); // no database was started
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
