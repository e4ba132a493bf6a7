import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
} as const;

/** The headers helmet itself writes on a real HTTP answer. */
async function headersFromLiveHelmet(): Promise<Record<string, string>> {
  const apply = helmet(options);
  const server = http.createServer((request, response) => {
    apply(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const reply = await fetch(`http://127.0.0.1:${port}/`);
    const ours = new Set([
      'date',
      'connection',
      'keep-alive',
      'content-length',
      'transfer-encoding',
    ]);
    return Object.fromEntries([...reply.headers].filter(([name]) => !ours.has(name)));
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are exactly what helmet writes on a live answer', async () => {
    expect(helmetHeaders(options)).toEqual(await headersFromLiveHelmet());
  });

  it('carry the CSP and HSTS only when asked for', () => {
    const headers = helmetHeaders(options);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(
      helmetHeaders({ ...options, strictTransportSecurity: true })['strict-transport-security'],
    ).toMatch(/^max-age=\d+/);
  });
});
