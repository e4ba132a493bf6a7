import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { RISK_WARNING } from '../packages/shared/src/risk';
import { MARKET_SYMBOLS } from '../packages/shared/src/schemas/market';
import { pageIdle } from './support';

/**
 * The public pages as a reader without JavaScript (a search engine, a printer, Ctrl+F before the
 * code arrives) gets them: plain HTTP, no browser, no cookies. Each must hold its whole text, the
 * risk warning, and links that lead somewhere. Then, in the browser, each must hydrate without a
 * console error or warning (a hydration mismatch is reported as one).
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const locale = (file: string) =>
  JSON.parse(fs.readFileSync(`apps/web/src/features/${file}`, 'utf8')) as Record<string, Json>;
const BRAND = 'Nestrado';

/** The coins the market-data feed prices, as the landing page names them ("BTC, ETH, …"). */
const COINS = MARKET_SYMBOLS.map((symbol) => symbol.replace(/USDT$/, '')).join(', ');

/** Every text of a locale subtree, as a reader sees it (the brand and the coins filled in). */
function texts(value: Json | undefined): string[] {
  if (typeof value === 'string') {
    return [value.replace(/\{\{brand\}\}/g, BRAND).replace(/\{\{symbols\}\}/g, COINS)];
  }
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

function pick(value: Json | undefined, ...keys: string[]): Json | undefined {
  let current = value;
  for (const key of keys) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The text of an HTML document, as a reader without styles or scripts would find it. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** One text of a locale file; fails loudly if the key moved. */
function text(value: Json | undefined, ...keys: string[]): string {
  const found = pick(value, ...keys);
  if (typeof found !== 'string') throw new Error(`no text at ${keys.join('.')}`);
  return found;
}

const pages = locale('public/locales/pages/en.json');
const lower = locale('public/locales/lower/en.json');
const faqAnswers = locale('public/locales/faq/en.json');
const publicTexts = locale('public/locales/en.json');
const auth = locale('auth/locales/en.json');
const plansTexts = locale('plans/locales/en.json');
const withdrawals = locale('withdrawals/locales/en.json');
const strategiesTexts = locale('strategies/locales/en.json');

/** What each page must say, besides the figures from the API checked below. */
const EXPECTED: Record<string, string[]> = {
  '/': [
    ...texts(pick(publicTexts, 'hero')).filter((text) => !text.includes('{{')),
    // A card whose figures come from the rules (the stop-loss range): its words up to the first.
    ...texts(pick(publicTexts, 'features', 'items')).map((text) => text.split('{{')[0]!),
    ...texts(pick(lower, 'faq', 'items')),
    // The answers too, in the page (closed under their questions), not only in the dialog.
    ...texts(pick(faqAnswers, 'answers')),
    ...texts(pick(lower, 'testimonials', 'items')),
    text(lower, 'faq', 'title'),
    'Choose a plan',
    'Real results, including the bad days',
  ],
  '/about': texts(pick(pages, 'about')),
  '/terms': texts(pick(pages, 'terms')),
  '/privacy': texts(pick(pages, 'privacy')),
  '/risk': texts(pick(pages, 'risk')),
  '/contact': ['Contact'],
  '/plans': [text(plansTexts, 'heading'), text(plansTexts, 'intro')],
  '/withdrawals/fee': [text(withdrawals, 'fee', 'heading')],
  '/login': [text(auth, 'login', 'title'), text(auth, 'login', 'forgot')],
  '/register': [text(auth, 'register', 'title')],
  '/forgot': [text(auth, 'forgot', 'title')],
  '/strategies': [
    text(strategiesTexts, 'directory', 'title'),
    text(strategiesTexts, 'directory', 'intro'),
  ],
  // A strategy's record: the first strategy's page, found below from the API.
  '/strategies/:id': [
    text(strategiesTexts, 'nav', 'title'),
    text(strategiesTexts, 'returns', 'title'),
    text(strategiesTexts, 'orders', 'title'),
    text(strategiesTexts, 'copiers', 'title'),
  ],
};
const PUBLIC_ROUTES = Object.keys(EXPECTED);

interface StrategyListEntry {
  id: string;
  name: string;
}
interface StrategyOrdersPage {
  orders: { symbol: string; fillPrice: string }[];
}

/** The address of a route: /strategies/:id is the first strategy's record page. */
async function addressOf(route: string, base: string): Promise<string> {
  if (route !== '/strategies/:id') return route;
  const { strategies } = (await (await fetch(new URL('/api/strategies', base))).json()) as {
    strategies: StrategyListEntry[];
  };
  return `/strategies/${strategies[0]!.id}`;
}

interface PublicPlan {
  title: string;
  strategy: { name: string } | null;
}

test.describe('without JavaScript', () => {
  // One pass over plain HTTP is enough; the browser widths do not matter here.
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'plain HTTP: run once');

  for (const route of PUBLIC_ROUTES) {
    test(`${route} arrives as HTML with its whole text, the risk warning and working links`, async ({
      baseURL,
    }) => {
      const base = baseURL ?? '';
      const address = await addressOf(route, base);
      const response = await fetch(new URL(address, base), { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      // Rendered in place: nothing hidden at the end of the page for a script to move.
      expect(html).toMatch(/<div id="root"><[a-z]/);
      expect(html).not.toMatch(/<div hidden id="S:/);
      const pageText = textOf(html);

      const expected = [...(EXPECTED[route] ?? []), RISK_WARNING];
      if (route === '/' || route === '/plans') {
        const { plans } = (await (await fetch(new URL('/api/plans', base))).json()) as {
          plans: PublicPlan[];
        };
        expect(plans.length).toBeGreaterThan(0);
        for (const plan of plans) {
          expected.push(plan.title);
          if (plan.strategy) expected.push(plan.strategy.name);
        }
      }
      if (route === '/strategies' || route === '/strategies/:id') {
        const { strategies } = (await (await fetch(new URL('/api/strategies', base))).json()) as {
          strategies: StrategyListEntry[];
        };
        if (route === '/strategies') expected.push(...strategies.map((s) => s.name));
        else {
          expected.push(strategies[0]!.name);
          // The open books are in the page itself: the newest fill's instrument and price.
          const { orders } = (await (
            await fetch(
              new URL(
                `${address}/orders?limit=1`.replace('/strategies/', '/api/strategies/'),
                base,
              ),
            )
          ).json()) as StrategyOrdersPage;
          if (orders[0]) expected.push(orders[0].symbol);
        }
      }
      if (route === '/withdrawals/fee') {
        const fees = (await (await fetch(new URL('/api/settings/fees', base))).json()) as {
          methods: { label: string; feePct: string; feeFixedCents: number }[];
        };
        // Each method by name; no fee anywhere (a fresh install) is said in words.
        for (const method of fees.methods) expected.push(method.label);
        if (fees.methods.every((m) => Number(m.feePct) === 0 && m.feeFixedCents === 0)) {
          expected.push('no processing fee is deducted');
        }
      }
      const missing = expected.filter((phrase) => !pageText.includes(phrase.replace(/\s+/g, ' ')));
      expect(missing).toEqual([]);

      const hrefs = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) =>
        (match[1] ?? '').replace(/&amp;/g, '&'),
      );
      expect(hrefs.length).toBeGreaterThan(0);
      const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]));
      const broken: string[] = [];
      for (const href of new Set(hrefs)) {
        if (href.startsWith('mailto:') || /^https?:\/\//.test(href)) continue;
        const [target = '', hash] = href.split('#');
        if (target === '' && hash) {
          if (!ids.has(hash)) broken.push(href);
          continue;
        }
        const linked = await fetch(new URL(target, base), { redirect: 'manual' });
        if (linked.status !== 200) broken.push(`${href} (${linked.status})`);
        if (hash && target === address && !ids.has(hash)) broken.push(href);
      }
      expect(broken).toEqual([]);
    });
  }
});

test.describe('hydrated', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} hydrates with no console error or warning`, async ({ page, baseURL }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      // Marks the server's heading once the HTML is parsed, before the app's scripts run: the
      // same element must still be there after hydration (not a page rendered anew).
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          const heading = document.querySelector('h1');
          if (document.readyState === 'interactive' && heading) {
            (heading as HTMLElement & { fromServer?: boolean }).fromServer = true;
          }
        });
      });
      await page.goto(await addressOf(route, baseURL ?? ''));
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The landing page's lower half hydrates as the reader nears it.
      await page.keyboard.press('End');
      await page.waitForLoadState('networkidle');
      await pageIdle(page);
      expect(
        await page
          .locator('h1')
          .first()
          .evaluate((element) => (element as HTMLElement & { fromServer?: boolean }).fromServer),
      ).toBe(true);
      expect(problems).toEqual([]);
    });
  }
});
