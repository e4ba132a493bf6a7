import { test as base, type APIRequestContext } from '@playwright/test';
import { adminApi } from './support';

/**
 * Playwright's `test` with the journeys' fixtures: `admin`, an API session as the seeded admin on
 * the shared server (adminApi: signed in once per server), disposed when the test ends.
 */
export const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ baseURL }, use) => {
    const admin = await adminApi(baseURL ?? '');
    await use(admin);
    await admin.dispose();
  },
});
