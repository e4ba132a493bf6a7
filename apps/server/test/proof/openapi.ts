import type { FastifyInstance } from 'fastify';

/** Who may call an operation. The matrix and the fuzzer both read this one table. */
export type Access = 'public' | 'signed-in' | 'trader' | 'admin';

/**
 * Every operation of /api/openapi.json, classified by hand. A new endpoint that is not listed
 * here fails the authorization matrix until someone decides (and writes down) who may call it.
 *
 * - public: anyone, signed in or not; never answers 401/403 because of who is asking.
 * - signed-in: any signed-in user (investor, lead trader, admin) acting on their OWN data;
 *   a visitor gets 401.
 * - trader: a signed-in user with users.is_trader; others get 403, a visitor 401.
 * - admin: users.is_admin with two-factor sign-in on; a visitor gets 401, everyone else 403
 *   (an admin without two-factor: 403 ADMIN_TWO_FACTOR_REQUIRED).
 */
export const ACCESS: Record<string, Access> = {
  // Authentication: the ways in are public; everything about "my account" is signed-in.
  'GET /api/auth/csrf': 'public',
  'GET /api/auth/session': 'public', // { user: null } when signed out
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public', // ends the session if there is one, answers ok either way
  'GET /api/auth/me': 'signed-in',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/{id}': 'signed-in',
  'POST /api/auth/recovery': 'public',
  'PUT /api/auth/recovery': 'public', // proven by the e-mailed secret, not by a session
  'POST /api/auth/password': 'signed-in',
  'POST /api/auth/verification': 'signed-in',
  'PUT /api/auth/verification': 'public', // proven by the e-mailed secret, not by a session
  'POST /api/auth/2fa/setup': 'signed-in',
  'POST /api/auth/2fa/enable': 'signed-in',
  'POST /api/auth/2fa/disable': 'signed-in',
  'POST /api/auth/magic-link': 'public', // same answer whether or not the address has an account
  'PUT /api/auth/magic-link': 'public', // proven by the e-mailed secret (and the code with 2FA on)
  'GET /api/auth/email': 'signed-in', // the caller's own change waiting for its link
  'POST /api/auth/email': 'signed-in', // the caller's own address, behind password (and code)
  'PUT /api/auth/email': 'public', // proven by the secret mailed to the new address
  // "Continue with …" (OpenID Connect): browser navigations and the steps after them, proven by
  // the provider (state, nonce, PKCE) and the sealed cookie of this browser's sign-in.
  'GET /api/auth/oidc/providers': 'public',
  'GET /api/auth/oidc/{provider}/start': 'public',
  'GET /api/auth/oidc/{provider}/callback': 'public', // refused without this browser's flow
  'GET /api/auth/oidc/pending': 'public', // { pending: null } without a sign-in under way
  'DELETE /api/auth/oidc/pending': 'public',
  'POST /api/auth/oidc/link': 'public', // behind the existing account's password (and code)
  'POST /api/auth/oidc/otp': 'public', // behind the linked account's second factor
  'POST /api/auth/oidc/register': 'public', // only for the provider's verified, unused e-mail
  'GET /api/auth/identities/': 'signed-in', // the caller's own linked provider accounts
  'DELETE /api/auth/identities/{id}': 'signed-in',
  // Personal API tokens: managed with a session only (a token reaches none of these).
  'GET /api/api-tokens/': 'signed-in',
  'POST /api/api-tokens/': 'signed-in',
  'DELETE /api/api-tokens/{id}': 'signed-in', // another user's token: 404
  // Public pages' data.
  'POST /api/contact/': 'public',
  'GET /api/plans/': 'public',
  'GET /api/market/tickers': 'public',
  'GET /api/market/candles': 'public',
  'GET /api/strategies/': 'public',
  'GET /api/strategies/{id}/nav': 'public',
  'GET /api/strategies/{id}/record': 'public',
  'GET /api/strategies/directory': 'public',
  'GET /api/strategies/{id}/orders': 'public',
  'GET /api/settings/fees': 'public',
  'GET /api/config': 'public',
  // The lead trader's desk.
  'GET /api/trader/strategy': 'trader',
  'POST /api/trader/orders': 'trader',
  'GET /api/trader/programme': 'trader',
  'GET /api/trader/dashboard': 'trader',
  'POST /api/trader/strategy': 'trader',
  'PATCH /api/trader/strategies/{id}': 'trader',
  // Applying to the lead-trader programme: any signed-in user, about their own application.
  'GET /api/trader-applications/mine': 'signed-in',
  'POST /api/trader-applications/': 'signed-in',
  // The investor's own money, trades and profile.
  'POST /api/trades/': 'signed-in',
  'GET /api/trades/current': 'signed-in',
  'PATCH /api/trades/current': 'signed-in',
  'POST /api/trades/current/claim': 'signed-in',
  'POST /api/trades/current/close': 'signed-in',
  'GET /api/trades/open': 'signed-in',
  'GET /api/trades/history': 'signed-in',
  'PATCH /api/trades/{id}': 'signed-in',
  'POST /api/trades/{id}/claim': 'signed-in',
  'POST /api/trades/{id}/close': 'signed-in',
  'GET /api/trades/current/funds-quote': 'signed-in',
  'POST /api/trades/current/add-funds': 'signed-in',
  'POST /api/trades/current/remove-funds': 'signed-in',
  'GET /api/trades/{id}/funds-quote': 'signed-in',
  'POST /api/trades/{id}/add-funds': 'signed-in',
  'POST /api/trades/{id}/remove-funds': 'signed-in',
  'PATCH /api/profile/': 'signed-in',
  'POST /api/profile/avatar': 'signed-in',
  'DELETE /api/profile/avatar': 'signed-in',
  'GET /api/profile/referrals': 'signed-in',
  'GET /api/profile/activity': 'signed-in',
  // Account review with evidence: the caller's own verification and documents only.
  'GET /api/verification/': 'signed-in',
  'POST /api/verification/documents': 'signed-in',
  'POST /api/verification/submit': 'signed-in',
  'GET /api/verification/documents/{id}': 'signed-in', // another user's document: 404, audited
  // The appropriateness check before a new copy trade: the caller's own assessment only.
  'GET /api/appropriateness/': 'signed-in',
  'POST /api/appropriateness/': 'signed-in',
  'POST /api/appropriateness/acknowledge': 'signed-in',
  'GET /api/notifications/': 'signed-in',
  'GET /api/notifications/unread-count': 'signed-in',
  'POST /api/notifications/{id}/read': 'signed-in',
  'POST /api/notifications/read-all': 'signed-in',
  'GET /api/notifications/preferences': 'signed-in',
  'PUT /api/notifications/preferences': 'signed-in',
  'GET /api/payment-methods/': 'signed-in',
  'POST /api/deposits/': 'signed-in',
  // Crypto rails: the caller's own deposit address and transfers (no route takes a user id).
  'GET /api/chain/rails': 'signed-in',
  'GET /api/chain/networks/{network}/address': 'signed-in', // the caller's own address only
  'GET /api/chain/transfers': 'signed-in', // the caller's own transfers only
  'POST /api/chain/dev/faucet': 'signed-in', // development chain only: 404 CHAIN_FAUCET_OFF here
  'GET /api/withdrawals/quote': 'public', // illustrates the public fee schedule
  'POST /api/withdrawals/': 'signed-in',
  'GET /api/transactions/': 'signed-in',
  'GET /api/transactions/{transactionId}': 'signed-in',
  'GET /api/statements/account': 'signed-in', // the caller's own statement only
  'GET /api/statements/trades': 'signed-in', // the caller's own closed trades only
  'GET /api/statements/annual': 'signed-in', // the caller's own year only
  'GET /api/account/summary': 'signed-in',
  'GET /api/account/export': 'signed-in', // the caller's own data only, rate-limited
  'GET /api/account/closure': 'signed-in', // what stands between the caller and closing
  // The practice account (issue 42): the caller's own, no id in any path (another's is unreachable).
  'GET /api/practice/': 'signed-in',
  'POST /api/practice/start': 'signed-in',
  'POST /api/practice/reset': 'signed-in',
  'POST /api/account/closure': 'signed-in', // closes the caller's own account, behind password
  // Back office.
  'GET /api/admin/plans/': 'admin',
  'POST /api/admin/plans/': 'admin',
  'PATCH /api/admin/plans/{id}': 'admin',
  'POST /api/admin/plans/{id}/retire': 'admin',
  'GET /api/admin/strategies/': 'admin',
  'POST /api/admin/strategies/{id}/lead-trader': 'admin',
  'POST /api/admin/strategies/{id}/pause': 'admin',
  'POST /api/admin/strategies/{id}/resume': 'admin',
  'POST /api/admin/strategies/': 'admin',
  'POST /api/admin/strategies/{id}/retire': 'admin',
  'POST /api/admin/strategies/{id}/unwind-orders': 'admin',
  'GET /api/admin/settings/trader-fees': 'admin',
  'PUT /api/admin/settings/trader-fees': 'admin',
  'GET /api/admin/outbox/': 'admin',
  'GET /api/admin/users/': 'admin',
  'GET /api/admin/users/approvers': 'admin', // counts only, about the caller's fellow admins
  'GET /api/admin/users/{id}': 'admin',
  'PATCH /api/admin/users/{id}': 'admin',
  'DELETE /api/admin/users/{id}': 'admin',
  'POST /api/admin/users/{id}/activate': 'admin',
  'POST /api/admin/users/{id}/deactivate': 'admin',
  'POST /api/admin/users/{id}/make-admin': 'admin',
  'POST /api/admin/users/{id}/remove-admin': 'admin',
  'POST /api/admin/users/{id}/make-trader': 'admin',
  'POST /api/admin/users/{id}/remove-trader': 'admin',
  'POST /api/admin/users/{id}/revoke-sessions': 'admin',
  'POST /api/admin/users/{id}/adjustments': 'admin',
  'GET /api/admin/audit/': 'admin',
  'GET /api/admin/overview/': 'admin',
  'GET /api/admin/messages/': 'admin',
  'GET /api/admin/payment-methods/': 'admin',
  'POST /api/admin/payment-methods/': 'admin',
  'PATCH /api/admin/payment-methods/{id}': 'admin',
  'DELETE /api/admin/payment-methods/{id}': 'admin',
  'POST /api/admin/deposits/{id}/approve': 'admin',
  'POST /api/admin/deposits/{id}/reject': 'admin',
  'POST /api/admin/withdrawals/{id}/pay': 'admin',
  'POST /api/admin/withdrawals/{id}/reject': 'admin',
  'GET /api/admin/transactions/': 'admin',
  'GET /api/admin/exports/journal': 'admin', // the whole ledger, audited
  'GET /api/admin/exports/balances': 'admin', // every account's balance at a date, audited
  'GET /api/admin/settings/four-eyes': 'admin',
  'PUT /api/admin/settings/four-eyes': 'admin',
  'GET /api/admin/approvals/': 'admin',
  'POST /api/admin/approvals/{id}/approve': 'admin',
  'POST /api/admin/approvals/{id}/reject': 'admin',
  'GET /api/admin/trader-applications/': 'admin',
  'POST /api/admin/trader-applications/{id}/approve': 'admin',
  'POST /api/admin/trader-applications/{id}/reject': 'admin',
  'GET /api/admin/verifications/': 'admin',
  'GET /api/admin/verifications/documents/{id}': 'admin', // every view audited
  'POST /api/admin/verifications/{id}/approve': 'admin',
  'POST /api/admin/verifications/{id}/reject': 'admin',
  'GET /api/admin/settings/verification': 'admin',
  'PUT /api/admin/settings/verification': 'admin',
  'GET /api/admin/settings/appropriateness': 'admin',
  'PUT /api/admin/settings/appropriateness': 'admin',
  'GET /api/admin/settings/document-retention': 'admin',
  'PUT /api/admin/settings/document-retention': 'admin',
  'GET /api/admin/settings/practice': 'admin',
  'PUT /api/admin/settings/practice': 'admin',
  'GET /api/admin/appropriateness/questionnaire': 'admin',
  'PUT /api/admin/appropriateness/questionnaire': 'admin', // a new version, audited
  'GET /api/admin/appropriateness/users/{id}': 'admin',
  'GET /api/admin/sign-in-providers/': 'admin', // the client secret only as "set"
  'PUT /api/admin/sign-in-providers/{provider}': 'admin',
  'DELETE /api/admin/sign-in-providers/{provider}': 'admin',
  'GET /api/admin/chain/transfers': 'admin', // every investor's transfers, with their e-mail
  'GET /api/admin/chain/watchers': 'admin',
  'POST /api/admin/chain/dev/payouts': 'admin', // development chain only: 404 CHAIN_FAUCET_OFF here
};

/**
 * Routes deliberately left out of the OpenAPI document (`hide: true`), each with its reason.
 * The matrix checks that no other route under /api, /uploads or /realtime is hidden. Everything
 * else is the built web app (static files, index.html), which may only answer GET (the CSRF
 * check covers every non-safe request whatever its path: proof/csrf.test.ts).
 */
export const HIDDEN_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness probe: SELECT 1, no data',
  'GET /api/openapi.json': 'the document itself, public',
  'GET /uploads/avatars/:name': 'avatar files by unguessable random name (public, like a CDN)',
  'GET /realtime': 'WebSocket upgrade: checks Origin and the session cookie (realtime.test.ts)',
};

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  key: string;
  method: HttpMethod;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  multipart: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation the running app publishes in /api/openapi.json. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json: ${response.statusCode}`);
  const doc = response.json<OpenApiDocument>();
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const upper = method.toUpperCase() as HttpMethod;
      const content = op.requestBody?.content ?? {};
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/**
 * Every route the app has, from Fastify's own router (so a route hidden from the document is
 * seen too): "METHOD /path" with Fastify's `:param` syntax; HEAD twins left out.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false, includeMeta: false });
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const methods = match[3];
    if (!methods) continue;
    const path = stack.join('');
    for (const method of methods.split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** "/api/admin/users/{id}" as Fastify writes it: "/api/admin/users/:id". */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
