import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other page
 * (client-side routes), with the public configuration written into its meta tag. index.html is
 * re-read when the build changes, so a rebuild never leaves the server pointing at old assets.
 */
export async function registerStaticWeb(app: FastifyInstance, config: Config): Promise<boolean> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dir: config.webDistDir }, 'web app not built; run `npm run build`');
    return false;
  }
  const publicConfig = escapeAttribute(
    JSON.stringify({
      brandName: config.brandName,
      supportEmail: config.supportEmail,
      marketData: config.marketData,
    }),
  );
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    try {
      const { mtimeMs } = fs.statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs) {
        const html = fs
          .readFileSync(indexPath, 'utf8')
          .replace(/content='\{[^']*\}'/, `content='${publicConfig}'`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(config.brandName)}</title>`);
        cached = { mtimeMs, html };
      }
      return cached.html;
    } catch {
      return null;
    }
  };

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    // Files are looked up at request time (not listed at start), so a rebuild is picked up.
    wildcard: true,
    // A directory is never listed (it falls through to the app page or a 404).
    allowedPath: (pathName) => !pathName.endsWith('/'),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.decorate('webIndexHtml', indexHtml);
  app.get('/', { schema: { hide: true } }, (_request, reply) => {
    const html = indexHtml();
    if (!html) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    webIndexHtml?: () => string | null;
  }
}
