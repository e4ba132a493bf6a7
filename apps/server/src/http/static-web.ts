import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from '@app/shared/http';
import type { PublicConfig } from '@app/shared/schemas/common';
import { publicConfigOf, type Config } from '../config';

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
}

/** What the web build's server rendering (apps/web/src/entry-server.tsx, built into dist/ssr) offers. */
interface PageRenderer {
  PRERENDERED_PATHS: readonly string[];
  /** Whether a path is rendered for a visitor (a build before it had only the list). */
  isPrerendered?: (pathname: string) => boolean;
  /** Whether a path is rendered for a signed-in reader too (a build before it had none). */
  isRenderedSignedIn?: (pathname: string) => boolean;
  render(options: {
    url: string;
    config: PublicConfig;
    fetch: typeof fetch;
    signedIn?: boolean;
  }): Promise<RenderedPage | null>;
}

interface RenderedPage {
  html: string;
  head: string;
  status: number;
}

/** How long a rendered public page is reused (its figures are at most this much older). */
const RENDER_CACHE_MS = 5_000;
const RENDER_CACHE_ENTRIES = 100;

/**
 * The page a request gets: a public page for a visitor (no session cookie) rendered with all its
 * content, else index.html, whose scripts render the page in the browser.
 */
export type WebPage = (
  request: FastifyRequest,
) => Promise<{ html: string; status: number; private?: boolean } | null>;

/**
 * Serves the built web app: hashed assets with long caching, and the app page for every other page
 * (client-side routes), with the public configuration written into its meta tag. index.html is
 * re-read when the build changes, so a rebuild never leaves the server pointing at old assets.
 *
 * The public pages (landing, about, plans, fee schedule, sign-in pages...) are sent to visitors as
 * HTML with all their content, rendered by the web build's own components (dist/ssr) with the
 * figures the API gives at that moment (asked in-process, through the same routes a browser
 * uses); the browser then hydrates them. A signed-in reader gets index.html and their own page.
 */
export async function registerStaticWeb(app: FastifyInstance, config: Config): Promise<boolean> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dir: config.webDistDir }, 'web app not built; run `npm run build`');
    return false;
  }
  const publicConfig: PublicConfig = publicConfigOf(config);
  const rendered = new Map<string, { at: number; html: string; status: number }>();
  const pages: PageParts = {
    publicConfig,
    indexHtml: indexTemplate(indexPath, config.brandName, publicConfig, () => rendered.clear()),
    loadRenderer: rendererLoader(app, path.join(config.webDistDir, 'ssr', 'entry-server.js')),
    apiFor: inProcessApi(app),
    rendered,
  };
  const webPage = createWebPage(pages);
  await serveAssets(app, config.webDistDir);
  app.decorate('webPage', webPage);
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const page = await webPage(request);
    if (!page) return reply.callNotFound();
    return sendPage(request, reply, page);
  });
  return true;
}

/** What the app pages are made of. */
interface PageParts {
  publicConfig: PublicConfig;
  /** index.html with the configuration and brand written in; null when it cannot be read. */
  indexHtml: () => string | null;
  loadRenderer: () => Promise<PageRenderer | null>;
  /** The API as a browser would ask it: as a visitor, or as the reader of `reader`. */
  apiFor: (reader?: FastifyRequest) => typeof fetch;
  /** Public pages rendered lately, by URL (RENDER_CACHE_MS). */
  rendered: Map<string, { at: number; html: string; status: number }>;
}

/** index.html as sent, re-read (and `onChange` called) whenever the build rewrites it. */
function indexTemplate(
  indexPath: string,
  brandName: string,
  publicConfig: PublicConfig,
  onChange: () => void,
): () => string | null {
  const configAttribute = escapeAttribute(JSON.stringify(publicConfig));
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    try {
      const { mtimeMs } = fs.statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs) {
        const html = fs
          .readFileSync(indexPath, 'utf8')
          .replace(/content='\{[^']*\}'/, `content='${configAttribute}'`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(brandName)}</title>`);
        cached = { mtimeMs, html };
        onChange();
      }
      return cached.html;
    } catch {
      return null;
    }
  };
}

/** The renderer is loaded once; a rebuild of the web app needs a restart to change it. */
function rendererLoader(
  app: FastifyInstance,
  rendererPath: string,
): () => Promise<PageRenderer | null> {
  let renderer: Promise<PageRenderer | null> | undefined;
  return () =>
    (renderer ??= fs.existsSync(rendererPath)
      ? (import(pathToFileURL(rendererPath).href) as Promise<PageRenderer>).catch(
          (error: unknown) => {
            app.log.error({ err: error }, 'the public pages renderer failed to load');
            return null;
          },
        )
      : Promise.resolve(null));
}

/**
 * The API as a browser would ask it, answered in-process: as a visitor, or with the session
 * cookie (and user agent) of the request being rendered.
 */
function inProcessApi(app: FastifyInstance): (reader?: FastifyRequest) => typeof fetch {
  const callApi = async (
    input: Parameters<typeof fetch>[0],
    init: Parameters<typeof fetch>[1],
    reader: FastifyRequest | undefined,
  ) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    if (reader) {
      const session = reader.cookies[SESSION_COOKIE];
      if (session) headers.cookie = `${SESSION_COOKIE}=${session}`;
      const userAgent = reader.headers['user-agent'];
      if (userAgent) headers['user-agent'] = userAgent;
    }
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers,
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(key, String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
  return (reader) => (input, init) => callApi(input, init, reader);
}

/**
 * The rendered markup in the app page. A signed-in page arrives inert: its buttons (Close
 * Trade, Claim Profit...) have no handler until the scripts take the page over, so nothing
 * can be pressed in vain meanwhile (the app lifts it once running: lib/prerender.ts).
 */
function intoTemplate(template: string, page: RenderedPage, inert = false): string {
  return (
    template
      // The page is readable before its scripts run: they need not be fetched ahead of its
      // stylesheet (on a slow network, Lighthouse paints the dashboard 0.3 s sooner without).
      .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
      .replace(
        '<div id="root"></div>',
        () => `<div id="root"${inert ? ' inert' : ''}>${page.html}</div>`,
      )
      .replace('</head>', () => `${page.head}</head>`)
  );
}

/** A public page for visitors, reused for RENDER_CACHE_MS. */
async function renderPublicPage(parts: PageParts, url: string, template: string) {
  const hit = parts.rendered.get(url);
  if (hit && Date.now() - hit.at < RENDER_CACHE_MS) return hit;
  const page = await (
    await parts.loadRenderer()
  )?.render({ url, config: parts.publicConfig, fetch: parts.apiFor() });
  if (!page) return null;
  const html = intoTemplate(template, page);
  if (parts.rendered.size >= RENDER_CACHE_ENTRIES) parts.rendered.clear();
  const entry = { at: Date.now(), html, status: page.status };
  parts.rendered.set(url, entry);
  return entry;
}

/** A signed-in page for this request's session: never cached, never shared. */
async function renderSignedIn(parts: PageParts, request: FastifyRequest, template: string) {
  const page = await (
    await parts.loadRenderer()
  )?.render({
    url: request.url,
    config: parts.publicConfig,
    fetch: parts.apiFor(request),
    signedIn: true,
  });
  return page
    ? { html: intoTemplate(template, page, true), status: page.status, private: true }
    : null;
}

function createWebPage(parts: PageParts): WebPage {
  return async (request) => {
    const template = parts.indexHtml();
    if (!template) return null;
    const pathname = request.url.split('?')[0] ?? '/';
    const visitor = !request.cookies[SESSION_COOKIE];
    if (!visitor && (await parts.loadRenderer())?.isRenderedSignedIn?.(pathname)) {
      try {
        const page = await renderSignedIn(parts, request, template);
        if (page) return page;
      } catch (error) {
        request.log.error({ err: error, url: request.url }, 'rendering a signed-in page failed');
      }
      return { html: template, status: 200 };
    }
    const renderer = visitor ? await parts.loadRenderer() : undefined;
    const prerendered = renderer?.isPrerendered
      ? renderer.isPrerendered(pathname)
      : Boolean(renderer?.PRERENDERED_PATHS.includes(pathname));
    if (prerendered) {
      try {
        const page = await renderPublicPage(parts, request.url, template);
        if (page) return { html: page.html, status: page.status };
      } catch (error) {
        // The browser renders the page itself, as it does for every other route.
        request.log.error({ err: error, url: request.url }, 'rendering a public page failed');
      }
    }
    return { html: template, status: 200 };
  };
}

/** The build's files: hashed assets cached for a year, pre-compressed copies preferred. */
async function serveAssets(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (apps/web/scripts/build.ts).
    preCompressed: true,
    // Files are looked up at request time (not listed at start), so a rebuild is picked up.
    wildcard: true,
    // A directory is never listed (it falls through to the app page or a 404), and the server's
    // renderer (dist/ssr) is not a file for browsers.
    allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.startsWith('/ssr/'),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
}

/**
 * An app page: never cached as is (it names the current build's assets and current figures), and
 * gzipped for a browser that accepts it (a public page is some 70 KB of HTML).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; status?: number; private?: boolean },
): FastifyReply {
  const { html, status = 200 } = page;
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    // A page rendered for a session holds that user's figures: no cache keeps it.
    .header('cache-control', page.private ? 'private, no-store' : 'no-cache')
    .header('vary', 'Cookie, Accept-Encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  }
  return reply.send(html);
}

declare module 'fastify' {
  interface FastifyInstance {
    webPage?: WebPage;
  }
}
