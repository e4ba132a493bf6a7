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
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { z } from 'zod';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_CODES, ERROR_PARAMS, errorCodeSchema } from '@app/shared/errors';
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
import { authRoutes } from './modules/auth/auth.routes';
import { bindActorStanding } from './modules/session/standing';
import { bindPasswordChangeGuard } from './modules/auth/password-change';
import { registerSessionLoader } from './modules/session/session';
import { registerApiTokenAccess } from './modules/api-tokens/api-tokens.access';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes';
import {
  adminSignInProviderRoutes,
  identityRoutes,
  signInProviderRoutes,
} from './modules/sign-in-providers/sign-in-providers.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { adminPlanRoutes, planRoutes } from './modules/plans/plans.routes';
import { marketRoutes } from './modules/market/market.routes';
import { adminStrategyRoutes, strategyRoutes } from './modules/copy-trading/strategies.routes';
import { traderRoutes } from './modules/copy-trading/trader.routes';
import { tradeRoutes } from './modules/copy-trading/trades.routes';
import { accountRoutes, adminAdjustmentRoutes } from './modules/account/account.routes';
import { adminDepositRoutes, depositRoutes } from './modules/deposits/deposits.routes';
import {
  adminPaymentMethodRoutes,
  paymentMethodRoutes,
} from './modules/payment-methods/payment-methods.routes';
import { adminSettingsRoutes, settingsRoutes } from './modules/settings/settings.routes';
import {
  adminAppropriatenessRoutes,
  appropriatenessRoutes,
} from './modules/appropriateness/appropriateness.routes';
import {
  adminTransactionRoutes,
  transactionRoutes,
} from './modules/transactions/transactions.routes';
import {
  adminWithdrawalRoutes,
  withdrawalQuoteRoute,
  withdrawalRoutes,
} from './modules/withdrawals/withdrawals.routes';
import { adminApprovalRoutes } from './modules/approvals/approvals.routes';
import {
  adminTraderApplicationRoutes,
  traderApplicationRoutes,
} from './modules/lead-traders/lead-traders.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { contactMessageRoutes } from './modules/contact/messages.routes';
import { avatarFileRoute, profileRoutes } from './modules/profile/profile.routes';
import {
  adminVerificationRoutes,
  verificationRoutes,
} from './modules/verification/verification.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { accountClosureRoutes } from './modules/users/account-closure.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { statementRoutes } from './modules/statements/statements.routes';
import { operatorExportRoutes } from './modules/statements/operator-exports.routes';
import type { RealtimeHub } from './realtime/realtime';
import { registerRealtimeRoute } from './realtime/route';
import { createMetrics, type Metrics } from './modules/ops/ops.metrics';
import { registerOps } from './modules/ops/ops.routes';
import { defaultReadinessOptions, type ReadinessOptions } from './modules/ops/ops.service';

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
 * authority is checked again at its write (modules/auth/standing.ts), and these bound the rest.
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

/**
 * A multipart route (the avatar upload) has no zod body to describe; the document still says the
 * route takes a form with a file, so clients (and proof/csrf.test.ts) know what it accepts.
 */
const documentMultipartBodies: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (consumes?.includes('multipart/form-data') && !output.schema.body) {
    output.schema = {
      ...output.schema,
      body: { type: 'object', description: 'A form with a file' },
    };
  }
  return output;
};

/** The error vocabulary as OpenAPI components: every code, and each code's parameters. */
const ERROR_COMPONENTS = {
  ErrorCode: z.toJSONSchema(errorCodeSchema, { target: 'openapi-3.0' }),
  ErrorParams: {
    type: 'object',
    description: "Each code's parameters (the `params` of an error with that code)",
    properties: Object.fromEntries(
      ERROR_CODES.map((code) => [
        code,
        z.toJSONSchema(ERROR_PARAMS[code], { target: 'openapi-3.0' }),
      ]),
    ),
  },
  ApiError: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { $ref: '#/components/schemas/ErrorCode' },
          message: { type: 'string', description: 'The English text of the code' },
          params: {
            type: 'object',
            description: "The code's parameters (see ErrorParams); absent when it has none",
          },
          field: { type: 'string', description: 'The input that failed, for bad input' },
        },
      },
    },
  },
};

const ERROR_RESPONSE = {
  description: 'Refused: an error code with its parameters',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

/** Every operation answers a refusal as an ApiError, whose code is one of ErrorCode. */
const documentErrors: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const doc = document.openapiObject;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    paths[path] = Object.fromEntries(
      Object.entries(item ?? {}).map(([method, operation]: [string, unknown]) => {
        if (typeof operation !== 'object' || operation === null || !('responses' in operation)) {
          return [method, operation];
        }
        const declared = operation.responses as Record<string, unknown>;
        const responses = { '4XX': ERROR_RESPONSE, '5XX': ERROR_RESPONSE, ...declared };
        return [method, { ...operation, responses }];
      }),
    );
  }
  const schemas = { ...doc.components?.schemas, ...ERROR_COMPONENTS };
  return { ...doc, components: { ...doc.components, schemas }, paths } as typeof doc;
};

export interface BuildOptions {
  /** Shared with the scheduler (job lag) by main.ts; a fresh registry otherwise. */
  metrics?: Metrics;
  readiness?: Partial<ReadinessOptions>;
  /** Tests shorten them (HTTP_LIMITS otherwise). */
  http?: Partial<HttpLimits>;
}

export async function buildApp(
  ctx: AppContext,
  hub: RealtimeHub,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger = ctx.log;
  const limits = { ...HTTP_LIMITS, ...options.http };
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
  registerOps(app, ctx, hub, {
    metrics: options.metrics ?? createMetrics(),
    readiness: { ...defaultReadinessOptions(), ...options.readiness },
  });
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
  const allowedMethods = trackRoutesForMethodCheck(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${ctx.config.brandName} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
          // Personal API tokens (docs/api-tokens.md): read-only, a few GET operations only.
          apiToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: documentMultipartBodies,
    transformObject: documentErrors,
  });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
  });
  // Brute-force limits are counted in PostgreSQL (http/rate-limit.ts), not per process.
  refuseInMemoryRateLimits(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  registerSessionLoader(app, ctx);
  registerApiTokenAccess(app, ctx);
  // Before any route: each route's handler re-checks its actor in every transaction it opens.
  bindActorStanding(app, ctx);
  const allowedOrigins = [new URL(ctx.config.publicUrl).origin];
  registerCsrfProtection(app, {
    tokens: new CsrfTokens(ctx.secretsKey),
    allowedOrigins,
    secureCookies: ctx.config.publicUrl.startsWith('https://'),
  });
  // The first-start admin's printed one-time password opens nothing but its own replacement.
  bindPasswordChangeGuard(app);

  await app.register(authRoutes(ctx), { prefix: '/api/auth' });
  await app.register(signInProviderRoutes(ctx), { prefix: '/api/auth/oidc' });
  await app.register(identityRoutes(ctx), { prefix: '/api/auth/identities' });
  await app.register(apiTokenRoutes(ctx), { prefix: '/api/api-tokens' });
  await app.register(adminSignInProviderRoutes(ctx), { prefix: '/api/admin/sign-in-providers' });
  await app.register(contactRoutes(ctx), { prefix: '/api/contact' });
  await app.register(planRoutes(ctx), { prefix: '/api/plans' });
  await app.register(adminPlanRoutes(ctx), { prefix: '/api/admin/plans' });
  await app.register(marketRoutes(ctx), { prefix: '/api/market' });
  await app.register(strategyRoutes(ctx), { prefix: '/api/strategies' });
  await app.register(adminStrategyRoutes(ctx), { prefix: '/api/admin/strategies' });
  await app.register(traderRoutes(ctx), { prefix: '/api/trader' });
  await app.register(tradeRoutes(ctx), { prefix: '/api/trades' });
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
  await app.register(paymentMethodRoutes(ctx), { prefix: '/api/payment-methods' });
  await app.register(adminPaymentMethodRoutes(ctx), { prefix: '/api/admin/payment-methods' });
  await app.register(depositRoutes(ctx), { prefix: '/api/deposits' });
  await app.register(adminDepositRoutes(ctx), { prefix: '/api/admin/deposits' });
  await app.register(withdrawalRoutes(ctx), { prefix: '/api/withdrawals' });
  await app.register(withdrawalQuoteRoute(ctx), { prefix: '/api/withdrawals' });
  await app.register(adminWithdrawalRoutes(ctx), { prefix: '/api/admin/withdrawals' });
  await app.register(transactionRoutes(ctx), { prefix: '/api/transactions' });
  await app.register(adminTransactionRoutes(ctx), { prefix: '/api/admin/transactions' });
  await app.register(accountRoutes(ctx), { prefix: '/api/account' });
  await app.register(accountClosureRoutes(ctx), { prefix: '/api/account' });
  await app.register(statementRoutes(ctx), { prefix: '/api/statements' });
  await app.register(operatorExportRoutes(ctx), { prefix: '/api/admin/exports' });
  await app.register(adminAdjustmentRoutes(ctx), { prefix: '/api/admin/users' });
  await app.register(settingsRoutes(ctx), { prefix: '/api/settings' });
  await app.register(adminSettingsRoutes(ctx), { prefix: '/api/admin/settings' });
  await app.register(adminApprovalRoutes(ctx), { prefix: '/api/admin/approvals' });
  await app.register(traderApplicationRoutes(ctx), { prefix: '/api/trader-applications' });
  await app.register(adminTraderApplicationRoutes(ctx), {
    prefix: '/api/admin/trader-applications',
  });

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

  registerRealtimeRoute(app, ctx, hub, { allowedOrigins });

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
  return app;
}
