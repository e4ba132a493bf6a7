import {
  closedTradeResponseSchema,
  createTradeSchema,
  currentTradeResponseSchema,
  currentTradeSchema,
  fundsChangeResponseSchema,
  fundsChangeSchema,
  fundsQuoteQuerySchema,
  openTradesResponseSchema,
  tradeFundsSchema,
  tradeHistoryPageSchema,
  tradeHistoryQuerySchema,
  updateTradeSchema,
} from '@app/shared/schemas/trades';
import { rule } from '@app/shared/rules';
import type { Book } from '@app/shared/schemas/kinds';
import { bookQuerySchema } from '@app/shared/schemas/practice';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { queryRoute, type ZodRoutes } from '../../../http/route-plugin';
import { signedInRoutes } from '../../session';
import { requirePractice } from '../../settings';
import { requireUser } from '../../session';
import {
  idempotencyKeyOf,
  idempotentCreateRoute,
  sendOutcome,
  type IdempotentOutcome,
} from '../../ledger';
import * as funds from './funds.service';
import * as service from './trades.service';
import type { TradeRef } from './views.service';
import * as views from './views.service';

/**
 * The follower's trades, one open per plan in each book: POST /api/trades (invest; `book:
 * 'practice'` with virtual money), GET /api/trades/open (every open trade, newest first) and GET
 * /api/trades/history (closed ones, newest first, searched, paged), each of one book (`?book=`),
 * PATCH /api/trades/:id {stopLossPct, takeProfitPct}, POST /api/trades/:id/claim (the profit
 * out, the copy open) and /close, POST /api/trades/:id/add-funds and /remove-funds {amount} with GET
 * /api/trades/:id/funds-quote?action&amount for the confirmation; `current` in place of an id
 * names the newest open trade. Mutations accept an
 * Idempotency-Key. No request carries a price, a NAV or a profit.
 */
export function tradeRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    investRoute(app, ctx);
    listRoutes(app, ctx);
    for (const target of tradeTargets) {
      rulesRoute(app, ctx, target);
      fundsRoutes(app, ctx, target);
      claimAndCloseRoutes(app, ctx, target);
    }
  });
}

const tags = ['trades'];

/** POST /api/trades: invest (open a copy). */
function investRoute(app: ZodRoutes, ctx: AppContext) {
  idempotentCreateRoute(
    app,
    { tags, body: createTradeSchema, response: z.object({ trade: currentTradeSchema }) },
    (request, body, key) => service.openTrade(ctx, requireUser(request).user, body, key),
  );
}

/** GET /api/trades/open, /history and /current: the follower's trades, read. */
function listRoutes(app: ZodRoutes, ctx: AppContext) {
  app.get(
    '/open',
    { schema: { tags, querystring: bookQuerySchema, response: { 200: openTradesResponseSchema } } },
    async (request) => {
      const user = await bookReader(ctx, request, request.query.book);
      return { trades: await views.openTrades(ctx, user.id, request.query.book) };
    },
  );
  queryRoute(
    app,
    '/history',
    { tags, querystring: tradeHistoryQuerySchema, response: tradeHistoryPageSchema },
    async (request, query) =>
      views.tradeHistory(ctx, (await bookReader(ctx, request, query.book)).id, query),
  );
  app.get(
    '/current',
    { schema: { tags, response: { 200: currentTradeResponseSchema } } },
    async (request) => ({
      trade: await views.currentTrade(ctx, requireUser(request).user.id),
    }),
  );
}

/** The signed-in reader of a book's copies: the practice book only through the practice gate. */
async function bookReader(ctx: AppContext, request: FastifyRequest, book: Book): Promise<UserRow> {
  const { user } = requireUser(request);
  if (book === 'practice') await requirePractice(ctx.db, user, { started: false });
  return user;
}

/** How a route names its trade: by id, or `current` (the newest open trade). */
interface TradeTarget {
  path: string;
  refOf: (params: unknown) => TradeRef;
  params: z.ZodType | undefined;
}

// Each trade by id, and `current` (the newest open trade) as before several could be open.
const tradeTargets: TradeTarget[] = [
  { path: '/current', refOf: (): TradeRef => 'current', params: undefined },
  {
    path: '/:id',
    refOf: (params: unknown): TradeRef => ({ id: (params as { id: string }).id }),
    params: z.object({ id: z.uuid({ error: rule('TRADE_ID_NOT_FOUND') }) }),
  },
];

/** PATCH /api/trades/:id: the trade's stop-loss and take-profit. */
function rulesRoute(app: ZodRoutes, ctx: AppContext, { path, refOf, params }: TradeTarget) {
  app.patch(
    path,
    {
      schema: {
        tags,
        ...(params ? { params } : {}),
        body: updateTradeSchema,
        response: { 200: z.object({ trade: currentTradeSchema }) },
      },
    },
    async (request) => ({
      trade: await service.updateTradeRules(
        ctx,
        requireUser(request).user,
        refOf(request.params),
        request.body,
      ),
    }),
  );
}

/** GET /api/trades/:id/funds-quote, POST /add-funds and /remove-funds. */
function fundsRoutes(app: ZodRoutes, ctx: AppContext, { path, refOf, params }: TradeTarget) {
  app.get(
    `${path}/funds-quote`,
    {
      schema: {
        tags,
        ...(params ? { params } : {}),
        querystring: fundsQuoteQuerySchema,
        response: { 200: fundsChangeSchema },
      },
    },
    async (request) =>
      funds.fundsQuote(ctx, requireUser(request).user, refOf(request.params), request.query),
  );
  for (const action of ['add', 'remove'] as const) {
    app.post(
      `${path}/${action}-funds`,
      {
        schema: {
          tags,
          ...(params ? { params } : {}),
          body: tradeFundsSchema,
          response: { 200: fundsChangeResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await funds.changeFunds(
          ctx,
          requireUser(request).user,
          refOf(request.params),
          action,
          request.body,
          idempotencyKeyOf(request),
        );
        return sendOutcome(reply, result);
      },
    );
  }
}

/**
 * POST /api/trades/:id/claim and /close: Claim Profit takes the profit out of the copy and
 * leaves it open (a change, like a removal); Close Trade ends it.
 */
function claimAndCloseRoutes(app: ZodRoutes, ctx: AppContext, target: TradeTarget) {
  bookingRoute(app, ctx, target, 'claim', fundsChangeResponseSchema, funds.claimProfit);
  bookingRoute(app, ctx, target, 'close', closedTradeResponseSchema, service.closeOwnTrade);
}

/**
 * POST `<trade>/<action>`, no body: `book` books it once per Idempotency-Key, and the answer is
 * the booking's first (a replay says so).
 */
function bookingRoute(
  app: ZodRoutes,
  ctx: AppContext,
  { path, refOf, params }: TradeTarget,
  action: 'claim' | 'close',
  response: z.ZodType,
  book: (
    ctx: AppContext,
    user: UserRow,
    ref: TradeRef,
    key: string | undefined,
  ) => Promise<IdempotentOutcome<unknown>>,
) {
  app.post(
    `${path}/${action}`,
    { schema: { tags, ...(params ? { params } : {}), response: { 200: response } } },
    async (request, reply) =>
      sendOutcome(
        reply,
        await book(
          ctx,
          requireUser(request).user,
          refOf(request.params),
          idempotencyKeyOf(request),
        ),
      ),
  );
}
