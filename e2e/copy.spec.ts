import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  BANNED_COPY_PATTERNS,
  RISK_WARNING,
  UNBUILT_FEATURE_PATTERNS,
  UNOFFERED_SERVICE_PATTERNS,
} from '../packages/shared/src/risk';
import { READING_PATHS, SIGN_IN_PATHS } from '../apps/web/src/app/visitorPaths';

/**
 * docs/product.md principle 3, checked on what ships: the built JavaScript and the text of every public
 * page must not promise returns; the risk warning is on the landing page and /risk.
 */
const DIST = path.join(import.meta.dirname, '../apps/web/dist');

test('the built web app contains no promised returns', () => {
  const files = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const text = fs.readFileSync(path.join(DIST, 'assets', file), 'utf8');
    for (const pattern of BANNED_COPY_PATTERNS) {
      expect(pattern.test(text), `${file}: ${String(pattern)}`).toBe(false);
    }
  }
});

for (const page of [...READING_PATHS, ...SIGN_IN_PATHS]) {
  test(`${page} shows no promised returns`, async ({ page: browser }) => {
    await browser.goto(page);
    await browser.waitForLoadState('networkidle');
    // Load the landing page's lower half too (it is deferred until scrolled near).
    await browser.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await browser.waitForLoadState('networkidle');
    const text = await browser.locator('body').innerText();
    expect(text.length).toBeGreaterThan(100);
    for (const pattern of BANNED_COPY_PATTERNS) expect(text).not.toMatch(pattern);
    if (page === '/' || page === '/risk') expect(text.replace(/\s+/g, ' ')).toContain(RISK_WARNING);
    // PRODUCT.md section 3: the services named are the ones this install offers (crypto copy
    // trading), no support hours the operator has not set, and demo strategies called so.
    for (const pattern of UNOFFERED_SERVICE_PATTERNS) expect(text).not.toMatch(pattern);
    // Nor a feature it has not built yet (the practice account).
    for (const pattern of UNBUILT_FEATURE_PATTERNS) expect(text).not.toMatch(pattern);
    if (page === '/') expect(text).toContain('Demo strategy');
  });
}
