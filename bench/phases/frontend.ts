import { fmt, log, record } from '../figures';
import { buildAndMeasure, lighthouseScore } from '../lib/frontend';
import { CFG } from '../options';
import type { Site } from '../run';

/** Builds the web app into `webDir` and weighs its bundles (before the product starts). */
export function buildFrontend(webDir: string): ReturnType<typeof buildAndMeasure> {
  log('building the web app with a manifest');
  return buildAndMeasure(webDir);
}

/** The bundles' weights, the pages rendered on the server, and Lighthouse's scores. */
export async function frontendPhase(
  { base, users }: Site,
  frontend: ReturnType<typeof buildAndMeasure>,
): Promise<void> {
  record('frontend/landing-js-gzip-kb', fmt(frontend.landingGzip / 1024, 1));
  record('frontend/dashboard-js-gzip-kb', fmt(frontend.dashboardGzip / 1024, 1));
  record('frontend/entry-js-gzip-kb', fmt(frontend.entryGzip / 1024, 1));
  // What Lighthouse is about to measure must be the pages as served: with their content in the
  // HTML (a renderer that fails falls back to the empty app page without a word).
  for (const [name, pathname, cookie] of [
    ['landing', '/', undefined],
    ['dashboard', '/dashboard', `sid=${users[0]!.sid}`],
  ] as const) {
    const html = await (
      await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {} })
    ).text();
    const rendered = !html.includes('<div id="root"></div>');
    record(`frontend/${name}-html-rendered`, rendered ? 'yes' : 'NO', `(${html.length} bytes)`);
    if (!rendered) throw new Error(`${pathname} went out without its content (see server.log)`);
  }
  if (CFG.lighthouse) {
    for (const [name, url, cookie] of [
      ['landing', `${base}/`, undefined],
      ['dashboard', `${base}/dashboard`, `sid=${users[0]!.sid}`],
    ] as const) {
      // Lighthouse now and then fails to record its trace (NO_NAVSTART): up to three tries.
      let lh: Awaited<ReturnType<typeof lighthouseScore>> | string = 'lighthouse: not run';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        lh = await lighthouseScore(url, cookie).catch((e: Error) => `lighthouse: ${e.message}`);
        if (typeof lh !== 'string') break;
      }
      if (typeof lh === 'string') record(`frontend/lighthouse-${name}`, 'n/a', lh);
      else {
        record(`frontend/lighthouse-${name}`, String(lh.score), `(LCP ${lh.lcpMs} ms, mobile)`);
        record(`frontend/lighthouse-a11y-${name}`, String(lh.accessibility), '(mobile)');
      }
    }
  }
}
