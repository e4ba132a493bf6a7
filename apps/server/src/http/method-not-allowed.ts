import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

/**
 * Fastify answers 404 for a known path with the wrong method; we keep a shadow router of every
 * route so the not-found handler can answer 405 with an Allow header instead.
 */
export function trackRoutesForMethodCheck(app: FastifyInstance) {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    // The static files' catch-all GET would make every path "exist"; it is not an API route.
    if (route.url === '/*') return;
    const list = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const method of list) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      try {
        shadow.on(method, route.url, () => {});
        methods.add(method);
      } catch {
        // Duplicate registrations (HEAD twins) are fine to ignore.
      }
    }
  });
  return function allowedMethods(url: string): string[] {
    const path = url.split('?')[0] ?? url;
    return [...methods].filter((method) => shadow.find(method, path) !== null);
  };
}
