import crypto from 'node:crypto';

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever presents it as a bearer token. Without:
 * only a direct connection from this machine — a loopback socket carrying no forwarding header,
 * since a reverse proxy on the same machine also connects from loopback on a visitor's behalf.
 */
export type MetricsAccess = 'allowed' | 'token-required' | 'not-local';

export interface MetricsRequest {
  /** The socket's peer address (never X-Forwarded-For, which a client can write). */
  socketAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function sha256(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}

export function metricsAccess(request: MetricsRequest, token: string | undefined): MetricsAccess {
  if (token !== undefined) {
    const header = request.headers.authorization;
    const presented =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    // Digests have one length, so the comparison takes the same time whatever was sent.
    return crypto.timingSafeEqual(sha256(presented), sha256(token)) ? 'allowed' : 'token-required';
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return isLoopback(request.socketAddress) && !forwarded ? 'allowed' : 'not-local';
}
