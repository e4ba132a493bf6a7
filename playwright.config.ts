import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };
/** The server's data directory; its development mailbox (mailbox/) is where e2e reads e-mail. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;

/** The flags Debian's Chromium needs here, for the journeys and for the bench's browser runs. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real server on a
 * fresh embedded PostgreSQL, at a phone width (390 px) and a desktop width (1440 px).
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx apps/server/src/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM: the server shuts down in order and stops its embedded PostgreSQL (which runs in its
    // own session, so a kill of the process group would leave it running until the next start).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      // Browser journeys on the same prices every run (a fresh install draws a secret seed).
      MARKET_SEED: '20250101',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_LOGIN_ADDRESS: '1000',
      // Every journey comes from one address: the e-mailed links of account.spec (change of
      // address, sign-in links) and auth.spec (recovery) would share its 10 an hour.
      RATE_LIMIT_RECOVERY: '1000',
    },
  },
});
