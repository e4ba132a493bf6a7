import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { REPO_ROOT } from './server';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Builds the web app into `outDir` with a Vite manifest (the repo's own dist is left alone) and
 * returns gzipped JavaScript bytes for what the landing page and the dashboard load: the entry,
 * the route's layout and page chunks, and everything they import statically.
 */
export function buildAndMeasure(outDir: string): {
  landingGzip: number;
  dashboardGzip: number;
  entryGzip: number;
} {
  // The web's own build: the browser's bundle and the server's renderer of the public pages
  // (outDir/ssr), so the server under test sends those pages as HTML, as in production.
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--outDir', outDir, '--manifest', '--quiet'],
    { cwd: path.join(REPO_ROOT, 'apps/web'), encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0) throw new Error(`web build failed: ${result.stderr}`);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gz.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gz.set(file, size);
    }
    return size;
  };
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const keyOf = (fragment: string) => {
    const key = Object.keys(manifest).find((k) => k.includes(fragment));
    if (!key) throw new Error(`no chunk for ${fragment} in the manifest`);
    return key;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
  const total = (keys: Set<string>) =>
    [...keys].reduce((sum, key) => {
      const file = manifest[key]?.file;
      return file?.endsWith('.js') ? sum + sizeOf(file) : sum;
    }, 0);
  return {
    entryGzip: total(closure([entry])),
    landingGzip: total(
      closure([
        entry,
        keyOf('features/public/components/PublicLayout'),
        keyOf('features/public/pages/LandingPage'),
      ]),
    ),
    dashboardGzip: total(
      closure([
        entry,
        keyOf('features/shell/ProtectedLayout'),
        keyOf('features/dashboard/pages/DashboardPage'),
      ]),
    ),
  };
}

/** Debian's Chromium, never a downloaded browser, with the flags the e2e journeys launch it with. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export { CHROMIUM_ARGS };
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

type Launch = (o: { chromePath: string; chromeFlags: string[] }) => Promise<{
  port: number;
  kill: () => Promise<void> | void;
}>;
interface LighthouseReport {
  categories: {
    performance?: { score: number | null };
    accessibility?: { score: number | null };
  };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
  page?: unknown,
) => Promise<{ lhr: LighthouseReport } | undefined>;
type Scores = { score: number; accessibility: number; lcpMs: number };

/**
 * Lighthouse performance and accessibility scores (0-100, default mobile settings) of `url`, with
 * Debian's Chromium.
 * Lighthouse is not a project dependency: it is loaded from LIGHTHOUSE_DIR (default /tmp/lh,
 * `npm install --prefix /tmp/lh lighthouse@12`). Returns a reason string when it cannot run.
 */
export async function lighthouseScore(url: string, cookie?: string): Promise<Scores | string> {
  const dir = process.env.LIGHTHOUSE_DIR ?? '/tmp/lh';
  const lhEntry = path.join(dir, 'node_modules', 'lighthouse', 'core', 'index.js');
  const launcherEntry = path.join(dir, 'node_modules', 'chrome-launcher', 'dist', 'index.js');
  if (!fs.existsSync(lhEntry) || !fs.existsSync(launcherEntry))
    return `lighthouse not installed in ${dir} (npm install --prefix ${dir} lighthouse@12)`;
  if (!fs.existsSync(CHROMIUM_PATH)) return `no ${CHROMIUM_PATH}`;
  const { launch } = (await import(pathToFileURL(launcherEntry).href)) as { launch: Launch };
  const lighthouse = ((await import(pathToFileURL(lhEntry).href)) as { default: Lighthouse })
    .default;
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const page = cookie ? await signedInTab(dir, chrome.port, url, cookie) : undefined;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        maxWaitForLoad: 60_000,
      },
      undefined,
      page,
    );
    if (!result) return 'lighthouse returned nothing';
    // LIGHTHOUSE_REPORT_DIR=/tmp/lh-reports keeps each full report, to see where the time went.
    const reports = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
      fs.writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(result.lhr));
    }
    return scoresOf(result.lhr);
  } finally {
    await chrome.kill();
  }
}

/**
 * A tab of the launched browser with the session as a real cookie: an extra request header would
 * not reach the realtime socket, whose refusal then ends the session (the dashboard was measured
 * as the sign-in page it fell back to).
 */
async function signedInTab(dir: string, port: number, url: string, cookie: string) {
  const puppeteerEntry = path.join(
    dir,
    'node_modules',
    'puppeteer-core',
    'lib',
    'esm',
    'puppeteer',
    'puppeteer-core.js',
  );
  const puppeteer = (await import(pathToFileURL(puppeteerEntry).href)) as {
    default: {
      connect: (o: { browserURL: string }) => Promise<{
        newPage: () => Promise<{
          setCookie: (...c: { name: string; value: string; url: string }[]) => Promise<void>;
        }>;
      }>;
    };
  };
  const browser = await puppeteer.default.connect({ browserURL: `http://127.0.0.1:${port}` });
  const tab = await browser.newPage();
  const [name, ...value] = cookie.split('=');
  await tab.setCookie({ name: name ?? '', value: value.join('='), url });
  return tab;
}

/** The report's scores out of 100 and its LCP, or why they are missing. */
function scoresOf(lhr: LighthouseReport): Scores | string {
  if (lhr.runtimeError) return `lighthouse: ${lhr.runtimeError.message}`;
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) return 'lighthouse: no performance score';
  const accessibility = lhr.categories.accessibility?.score;
  if (accessibility === null || accessibility === undefined)
    return 'lighthouse: no accessibility score';
  return {
    score: Math.round(score * 100),
    accessibility: Math.round(accessibility * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
  };
}
