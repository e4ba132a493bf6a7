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
 * (client-side routes), with the public configuration written into its meta tag.
 */
export async function registerStaticWeb(app: FastifyInstance, config: Config): Promise<boolean> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dir: config.webDistDir }, 'web app not built; run `npm run build`');
    return false;
  }
  const publicConfig = JSON.stringify({
    brandName: config.brandName,
    supportEmail: config.supportEmail,
    marketData: config.marketData,
  });
  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replace(/content='\{[^']*\}'/, `content='${escapeAttribute(publicConfig)}'`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(config.brandName)}</title>`);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    wildcard: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.decorate('sendIndexHtml', indexHtml);
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendIndexHtml?: string;
  }
}
