import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import { cacheKey } from '../caches';
import { refusal } from './errors';
import { createPgRateLimitStore, type BucketCount, type RateLimitStore } from './rate-limit.store';

/**
 * Brute-force limits. A bucket family ("password:account", "guess:address"...) allows `max`
 * attempts per window for each subject (an account's e-mail, a client address); a route lists
 * the families it counts in, each with how it finds the subject in the request. Every attempt is
 * counted in all of them before the handler runs, atomically in PostgreSQL (shared by every
 * instance, kept across restarts), so parallel requests cannot slip past; an attempt over any
 * limit is refused with 429 and Retry-After, and taken back from the other buckets so a refused
 * request does not use up anyone's allowance. A handler may `forgive` the attempt once the
 * secret proved right, so the buckets count failures only.
 */
export interface BucketFamily {
  name: string;
  max: number;
  windowMs: number;
}

export interface LimitRule extends BucketFamily {
  /** The subject of this request's attempt; null or empty: the rule does not apply to it. */
  subject: (request: FastifyRequest) => string | null | undefined;
}

export const limitOn = (
  family: BucketFamily,
  subject: (request: FastifyRequest) => string | null | undefined,
): LimitRule => ({ ...family, subject });

/** The client's address; IPv6 by its /64, since one subscriber holds all of it. */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

/** An account's e-mail, as the users table compares them (case-insensitive). */
export const accountKey = (email: string | null | undefined): string | null =>
  email ? email.trim().toLowerCase() : null;

/** The stored key: a digest, so the table holds no e-mail or address. */
export function bucketKey(family: string, subject: string): Buffer {
  return crypto.createHash('sha256').update(`${family}\u0000${subject}`).digest();
}

/**
 * Seconds until every exceeded bucket has a new window, or null when none is exceeded.
 * Pure: `counts[i]` is the state of `families[i]`'s bucket after this attempt.
 */
export function retryAfterSeconds(
  families: readonly BucketFamily[],
  counts: readonly { hits: number; windowEndsAt: Date }[],
  now: Date,
): number | null {
  let wait: number | null = null;
  families.forEach((family, i) => {
    const count = counts[i];
    if (!count || count.hits <= family.max) return;
    const seconds = Math.max(1, Math.ceil((count.windowEndsAt.getTime() - now.getTime()) / 1000));
    wait = Math.max(wait ?? 0, seconds);
  });
  return wait;
}

export const rateLimited = () => refusal('RATE_LIMITED');

const PURGE_EVERY_MS = 10 * 60_000;
const PURGE_BATCH = 1000;

interface Counted {
  family: string;
  count: BucketCount;
}

export interface RateLimiter {
  /** A preHandler: counts this attempt in every rule's bucket, or refuses it with 429. */
  guard: (rules: LimitRule[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Takes this request's attempt back (its secret was right): all buckets, or the families named. */
  forgive: (request: FastifyRequest, families?: readonly string[]) => Promise<void>;
  /** Forgets one subject's bucket in a family. */
  clear: (family: string, subject: string) => Promise<void>;
  store: RateLimitStore;
}

export function createRateLimiter(ctx: AppContext, store: RateLimitStore): RateLimiter {
  const counted = new WeakMap<FastifyRequest, Counted[]>();
  let lastPurge = -Infinity;

  async function purgeIfDue(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    try {
      await store.purgeExpired(now, PURGE_BATCH);
    } catch (error) {
      ctx.log.warn({ err: error }, 'rate-limit purge failed');
    }
  }

  return {
    store,
    guard(rules) {
      return async (request, reply) => {
        const now = ctx.clock.now();
        const applied: { family: BucketFamily; keyHash: Buffer }[] = [];
        for (const rule of rules) {
          const subject = rule.subject(request);
          if (subject) applied.push({ family: rule, keyHash: bucketKey(rule.name, subject) });
        }
        if (applied.length === 0) return;
        await purgeIfDue(now);
        const rows = await store.hit(
          applied.map((a) => ({ keyHash: a.keyHash, windowMs: a.family.windowMs })),
          now,
        );
        const byKey = new Map(rows.map((row) => [row.keyHash.toString('hex'), row]));
        const mine: Counted[] = [];
        for (const a of applied) {
          const count = byKey.get(a.keyHash.toString('hex'));
          if (count) mine.push({ family: a.family.name, count });
        }
        const wait = retryAfterSeconds(
          applied.map((a) => a.family),
          applied.map(
            (a) => byKey.get(a.keyHash.toString('hex')) ?? { hits: 0, windowEndsAt: now },
          ),
          now,
        );
        if (wait !== null) {
          await store.refund(mine.map((m) => m.count));
          request.log.warn({ event: 'rate_limited', families: applied.map((a) => a.family.name) });
          reply.header('retry-after', String(wait));
          throw rateLimited();
        }
        counted.set(request, mine);
      };
    },
    async forgive(request, families) {
      const mine = counted.get(request) ?? [];
      const chosen = families ? mine.filter((m) => families.includes(m.family)) : mine;
      counted.set(
        request,
        mine.filter((m) => !chosen.includes(m)),
      );
      await store.refund(chosen.map((m) => m.count));
    },
    async clear(family, subject) {
      await store.clear([bucketKey(family, subject)]);
    },
  };
}

/**
 * The instance's limiters, kept on its caches. By context: a context derived from the app's (a
 * test's own pool or clock) counts in its own pool and by its own clock.
 */
const LIMITERS = cacheKey<WeakMap<AppContext, RateLimiter>>('rate limiters');

/** The app's limiter (one per context, so every route shares its purge schedule). */
export function rateLimiter(ctx: AppContext): RateLimiter {
  const limiters = ctx.caches.keep(LIMITERS, () => new WeakMap<AppContext, RateLimiter>());
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = createRateLimiter(ctx, createPgRateLimitStore(ctx.pool));
    limiters.set(ctx, limiter);
  }
  return limiter;
}

/**
 * Routes declare limits with `rateLimiter(ctx).guard(...)`. The in-memory `config.rateLimit` of
 * @fastify/rate-limit (per process, lost at restart) is no longer registered: a route that still
 * asks for it fails at start-up instead of silently running unlimited.
 */
export function refuseInMemoryRateLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as { rateLimit?: unknown } | undefined;
    if (config?.rateLimit !== undefined) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: config.rateLimit is not supported; use rateLimiter(ctx).guard (http/rate-limit.ts)`,
      );
    }
  });
}
