import http from 'node:http';
import crypto from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@app/shared/schemas/common';
import type { AppContext } from './context';
import { publicConfigOf } from './config';
import { CsrfTokens, registerCsrfProtection } from './http/csrf';
import { refuseInMemoryRateLimits } from './http/rate-limit';
import {
  clientErrorHandler,
  errorBody,
  frameworkErrorHandler,
  registerErrorHandler,
} from './http/error-handler';
import { refusal } from './http/errors';
import { trackRoutesForMethodCheck } from './http/method-not-allowed';
import { refuseNulCharacters } from './http/nul-characters';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticWeb, sendPage } from './http/static-web';
import { registerOpenApi } from './http/openapi';
import { authRoutes, bindPasswordChangeGuard, signInProviderRoutes } from './modules/auth';
import { bindActorStanding, registerSessionLoader } from './modules/session';
import { registerApiTokenAccess } from './modules/api-tokens';
import { apiTokenRoutes } from './modules/api-tokens';
import {
  adminSignInProviderRoutes,
  applyProviderChange,
  identityRoutes,
  type ProviderProposal,
} from './modules/sign-in-providers';
import { contactRoutes } from './modules/contact';
import { outboxRoutes } from './modules/mail';
import { adminPlanRoutes, planRoutes, wirePlansIntoCopyTrading } from './modules/plans';
import { marketRoutes } from './modules/market';
import {
  adminStrategyRoutes,
  strategyRoutes,
  tradeRoutes,
  traderRoutes,
} from './modules/copy-trading';
import { accountRoutes, adminUserAccountRoutes } from './modules/account';
import { dataExportRoutes } from './modules/data-export';
import { adminDepositRoutes, depositRoutes } from './modules/deposits';
import { adminPaymentMethodRoutes, paymentMethodRoutes } from './modules/payment-methods';
import { adminSettingsRoutes } from './modules/settings';
import { practiceRoutes } from './modules/practice';
import { adminAppropriatenessRoutes, appropriatenessRoutes } from './modules/appropriateness';
import { adminTransactionRoutes, transactionRoutes } from './modules/transactions';
import {
  adminDevPayoutRoutes,
  adminWithdrawalRoutes,
  feeScheduleRoute,
  withdrawalQuoteRoute,
  withdrawalRoutes,
} from './modules/withdrawals';
import { adminApprovalRoutes } from './modules/approvals';
import { createApprovalHandlers, type ApprovalHandlers } from './modules/approvals';
import { registerAdjustmentApprovals } from './modules/account';
import { registerDepositApprovals } from './modules/deposits';
import { registerPayoutApprovals } from './modules/withdrawals';
import { registerSettingApprovals } from './modules/settings';
import { registerPaymentMethodApprovals } from './modules/payment-methods';
import type { ChainRails } from './modules/chain';
import { registerAdminGrantApprovals } from './modules/users';
import { adminTraderApplicationRoutes, traderApplicationRoutes } from './modules/lead-traders';
import { auditRoutes } from './modules/audit';
import { contactMessageRoutes } from './modules/contact';
import { avatarFileRoute, profileRoutes } from './modules/profile';
import { adminVerificationRoutes, verificationRoutes } from './modules/verification';
import { notificationRoutes } from './modules/notifications';
import { accountClosureRoutes } from './modules/account';
import { adminUserRoutes } from './modules/users';
import { overviewRoutes } from './modules/overview';
import { statementRoutes } from './modules/statements';
import { operatorExportRoutes } from './modules/statements';
import type { RealtimeHub } from './realtime/realtime';
import { registerRealtimeRoute } from './realtime/route';
import { createMetrics, type Metrics } from './modules/ops';
import { registerOps } from './modules/ops';
import { defaultReadinessOptions, type ReadinessOptions } from './modules/ops';
import { adminChainRoutes, chainRoutes, type ChainSetup } from './modules/chain';

/**
 * One log line per request, written when it completes, with what Fastify would have logged on
 * arrival (method, url, address) — half the log volume of the default two lines.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How long a client may take, and how many may be connected at once. A request held open (a slow
 * body, headers trickled in) ties up a socket and whatever the request read when it started; its
 * authority is checked again at its write (modules/session/standing.ts), and these bound the rest.
 */
export interface HttpLimits {
  /** The whole request, headers and body, from its first byte (an upload on a slow phone fits). */
  requestTimeoutMs: number;
  /** The request's headers, from its first byte. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections per instance (WebSockets included); more are refused at once. */
  maxConnections: number;
}

export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 10_000,
  maxConnections: 10_000,
};

/** Content-Security-Policy: scripts only from our origin; no frames, plugins or foreign hosts. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React style attributes and the toast library's injected stylesheet need inline styles.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export interface BuildOptions {
  /** Shared with the scheduler (job lag) by main.ts; a fresh registry otherwise. */
  metrics?: Metrics;
  readiness?: Partial<ReadinessOptions>;
  /** Tests shorten them (HTTP_LIMITS otherwise). */
  http?: Partial<HttpLimits>;
  /** The crypto rails (main.ts opens them from CHAIN_RAILS); none: the chain routes say so. */
  chain?: ChainSetup;
}

export async function buildApp(
  ctx: AppContext,
  hub: RealtimeHub,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Copy trading learns which plans copy its strategies (plans sit above it: it cannot ask).
  wirePlansIntoCopyTrading();
  const app = createServer(ctx, { ...HTTP_LIMITS, ...options.http });
  const { chain } = options;
  registerOps(app, ctx, hub, {
    metrics: options.metrics ?? createMetrics(),
    readiness: { ...defaultReadinessOptions(), ...options.readiness },
    // Read at each probe: the runtime may be attached to the setup after the app is built.
    chainWatchers: chain && (() => chain.runtime?.statuses() ?? []),
  });
  registerApiDefaults(app);
  const allowedMethods = trackRoutesForMethodCheck(app);
  await registerPlugins(app, ctx);
  const allowedOrigins = [new URL(ctx.config.publicUrl).origin];
  registerRequestIdentity(app, ctx, allowedOrigins);

  await registerAccessRoutes(app, ctx);
  await registerMarketAndCopyingRoutes(app, ctx);
  await registerPeopleRoutes(app, ctx);
  await registerMoneyRoutes(app, ctx, options.chain?.rails);
  await registerChainRoutes(app, ctx, options.chain);
  await registerSettingsAndReviewRoutes(app, ctx, options.chain?.rails);
  registerMetaRoutes(app, ctx);
  registerRealtimeRoute(app, ctx, hub, { allowedOrigins });
  await registerPagesAndNotFound(app, ctx, allowedMethods);
  return app;
}

/** Fastify on a Node server holding the connection limits, with zod schemas and our errors. */
function createServer(ctx: AppContext, limits: HttpLimits): FastifyInstance {
  const logger: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance: logger,
    // Node enforces the timeouts, checking open connections every second (30 s by default).
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      );
      server.maxConnections = limits.maxConnections;
      return server;
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulCharacters(app);
  return app;
}

/** How every API request's body is read, and that no API answer is cached. */
function registerApiDefaults(app: FastifyInstance): void {
  // An action with no input (approve, activate...) may send an empty JSON body: treat it as {}.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    void parseJson(request, text, done);
  });
  // No route reads plain text; a plain HTML form must not reach a JSON route (see http/csrf.ts).
  app.removeContentTypeParser('text/plain');
  // API answers (a user's balances, sessions...) are never kept by a browser or proxy cache.
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.routeOptions.url ?? request.url;
    if (path.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/** The OpenAPI document, cookies, security headers and WebSockets. */
async function registerPlugins(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerOpenApi(app, ctx.config.brandName);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
  });
  // Brute-force limits are counted in PostgreSQL (http/rate-limit.ts), not per process.
  refuseInMemoryRateLimits(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
}

/** Who each request speaks for, checked before any route: session or token, standing, CSRF. */
function registerRequestIdentity(
  app: FastifyInstance,
  ctx: AppContext,
  allowedOrigins: string[],
): void {
  registerSessionLoader(app, ctx);
  registerApiTokenAccess(app, ctx);
  // Before any route: each route's handler re-checks its actor in every transaction it opens.
  bindActorStanding(app, ctx);
  registerCsrfProtection(app, {
    tokens: new CsrfTokens(ctx.secretsKey),
    allowedOrigins,
    secureCookies: ctx.config.publicUrl.startsWith('https://'),
  });
  // The first-start admin's printed one-time password opens nothing but its own replacement.
  bindPasswordChangeGuard(app);
}

// The API's routes by area, in the order the OpenAPI document lists them. ----------------------

/** The ways in: sign-in, providers, linked accounts, personal API tokens. */
async function registerAccessRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(authRoutes(ctx), { prefix: '/api/auth' });
  await app.register(signInProviderRoutes(ctx), { prefix: '/api/auth/oidc' });
  await app.register(identityRoutes(ctx), { prefix: '/api/auth/identities' });
  await app.register(apiTokenRoutes(ctx), { prefix: '/api/api-tokens' });
  await app.register(adminSignInProviderRoutes(ctx), { prefix: '/api/admin/sign-in-providers' });
}

/** The public face, plans, the market and copy trading. */
async function registerMarketAndCopyingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  await app.register(contactRoutes(ctx), { prefix: '/api/contact' });
  await app.register(planRoutes(ctx), { prefix: '/api/plans' });
  await app.register(adminPlanRoutes(ctx), { prefix: '/api/admin/plans' });
  await app.register(marketRoutes(ctx), { prefix: '/api/market' });
  await app.register(strategyRoutes(ctx), { prefix: '/api/strategies' });
  await app.register(adminStrategyRoutes(ctx), { prefix: '/api/admin/strategies' });
  await app.register(traderRoutes(ctx), { prefix: '/api/trader' });
  await app.register(tradeRoutes(ctx), { prefix: '/api/trades' });
}

/** Users, staff's view of them, and what a user keeps about themselves. */
async function registerPeopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(outboxRoutes(ctx), { prefix: '/api/admin/outbox' });
  await app.register(adminUserRoutes(ctx), { prefix: '/api/admin/users' });
  await app.register(auditRoutes(ctx), { prefix: '/api/admin/audit' });
  await app.register(overviewRoutes(ctx), { prefix: '/api/admin/overview' });
  await app.register(contactMessageRoutes(ctx), { prefix: '/api/admin/messages' });
  await app.register(profileRoutes(ctx), { prefix: '/api/profile' });
  await app.register(verificationRoutes(ctx), { prefix: '/api/verification' });
  await app.register(adminVerificationRoutes(ctx), { prefix: '/api/admin/verifications' });
  await app.register(appropriatenessRoutes(ctx), { prefix: '/api/appropriateness' });
  await app.register(adminAppropriatenessRoutes(ctx), { prefix: '/api/admin/appropriateness' });
  await app.register(notificationRoutes(ctx), { prefix: '/api/notifications' });
  await app.register(avatarFileRoute(ctx));
}

/**
 * Money in and out, the books a user sees, statements and staff's adjustments. `rails`: the
 * crypto rails payment methods link to and payouts are proven on (none when they are off).
 */
async function registerMoneyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  rails: ChainRails | undefined,
): Promise<void> {
  await app.register(paymentMethodRoutes(ctx), { prefix: '/api/payment-methods' });
  await app.register(adminPaymentMethodRoutes(ctx, rails), {
    prefix: '/api/admin/payment-methods',
  });
  await app.register(depositRoutes(ctx), { prefix: '/api/deposits' });
  await app.register(adminDepositRoutes(ctx), { prefix: '/api/admin/deposits' });
  await app.register(withdrawalRoutes(ctx, rails), { prefix: '/api/withdrawals' });
  await app.register(withdrawalQuoteRoute(ctx), { prefix: '/api/withdrawals' });
  await app.register(adminWithdrawalRoutes(ctx, rails), { prefix: '/api/admin/withdrawals' });
  await app.register(transactionRoutes(ctx), { prefix: '/api/transactions' });
  await app.register(adminTransactionRoutes(ctx), { prefix: '/api/admin/transactions' });
  await app.register(accountRoutes(ctx), { prefix: '/api/account' });
  await app.register(practiceRoutes(ctx), { prefix: '/api/practice' });
  await app.register(dataExportRoutes(ctx), { prefix: '/api/account' });
  await app.register(accountClosureRoutes(ctx), { prefix: '/api/account' });
  await app.register(statementRoutes(ctx), { prefix: '/api/statements' });
  await app.register(operatorExportRoutes(ctx), { prefix: '/api/admin/exports' });
  await app.register(adminUserAccountRoutes(ctx), { prefix: '/api/admin/users' });
}

/**
 * The crypto rails: deposit addresses, transfers seen on the chain, the development faucet, and
 * the development chain's payouts of withdrawals (the withdrawals module's).
 */
async function registerChainRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  chain: ChainSetup | undefined,
): Promise<void> {
  await app.register(chainRoutes(ctx, chain), { prefix: '/api/chain' });
  await app.register(adminChainRoutes(ctx, chain), { prefix: '/api/admin/chain' });
  await app.register(adminDevPayoutRoutes(ctx, chain), { prefix: '/api/admin/chain/dev' });
}

/**
 * Four-eyes wiring: each module whose work can wait for a second admin registers how it carries
 * out an approved request; the approvals module itself imports none of them.
 */
function wireApprovalHandlers(rails: ChainRails | undefined): ApprovalHandlers {
  const handlers = createApprovalHandlers();
  registerAdjustmentApprovals(handlers);
  registerDepositApprovals(handlers);
  registerPayoutApprovals(handlers, rails);
  registerSettingApprovals(handlers);
  registerPaymentMethodApprovals(handlers, rails);
  registerAdminGrantApprovals(handlers);
  handlers.handleSettings(['sign_in_provider'], (ctx, tx, change, by) =>
    applyProviderChange(ctx, tx, change.value as ProviderProposal, { ...by, actorId: by.adminId }),
  );
  return handlers;
}

/** Settings, the second admin's approvals, and applications to lead a strategy. */
async function registerSettingsAndReviewRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  rails: ChainRails | undefined,
): Promise<void> {
  await app.register(feeScheduleRoute(ctx), { prefix: '/api/settings' });
  await app.register(adminSettingsRoutes(ctx), { prefix: '/api/admin/settings' });
  await app.register(adminApprovalRoutes(ctx, wireApprovalHandlers(rails)), {
    prefix: '/api/admin/approvals',
  });
  await app.register(traderApplicationRoutes(ctx), { prefix: '/api/trader-applications' });
  await app.register(adminTraderApplicationRoutes(ctx), {
    prefix: '/api/admin/trader-applications',
  });
}

/** The public configuration, the health probe and the OpenAPI document. */
function registerMetaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/config',
    { schema: { tags: ['meta'], response: { 200: publicConfigSchema } } },
    () => publicConfigOf(ctx.config),
  );
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ctx.pool.query('SELECT 1');
    return { ok: true };
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}

/**
 * The built web app (when there is one), and what answers a path no route has: 405 for a known
 * path with another method, the app's page for a client-side route, else a plain 404.
 */
async function registerPagesAndNotFound(
  app: FastifyInstance,
  ctx: AppContext,
  allowedMethods: (url: string) => string[],
): Promise<void> {
  const webBuilt = await registerStaticWeb(app, ctx.config);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const wrongMethod = refusal('METHOD_NOT_ALLOWED', { method: request.method });
      return reply
        .status(wrongMethod.status)
        .header('allow', allowed.join(', '))
        .send(errorBody(wrongMethod));
    }
    // Client-side routes get the app; a missing API route or asset is a plain 404.
    const isPage =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/') &&
      path !== '/realtime';
    const page = isPage && webBuilt ? await app.webPage?.(request) : null;
    if (page) return sendPage(request, reply, page);
    const notFound = refusal('NOT_FOUND', { method: request.method, path });
    return reply.status(notFound.status).send(errorBody(notFound));
  });
}
