import {
  adminChainTransferListSchema,
  adminChainTransferQuerySchema,
  chainDepositAddressResponseSchema,
  chainFaucetResponseSchema,
  chainFaucetSchema,
  chainRailsResponseSchema,
  chainTransferListSchema,
  chainWatcherListSchema,
} from '@app/shared/schemas/chain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { limitOn, rateLimiter } from '../../http/rate-limit';
import { adminRoutes, requireUser, signedInRoutes } from '../session';
import type { ChainSetup } from './chain.setup';
import * as service from './chain.service';

const tags = ['chain'];

/** Test USDC one account may ask for per 10 minutes (each mint is a transaction on the chain). */
const faucetByAccount = { name: 'chain:faucet', max: 10, windowMs: 10 * 60_000 };

/**
 * /api/chain: the rails (which networks and tokens are credited), the investor's own deposit
 * address and transfers, and the development chain's faucet.
 */
export function chainRoutes(ctx: AppContext, setup: ChainSetup | undefined) {
  return signedInRoutes((app) => {
    app.get('/rails', { schema: { tags, response: { 200: chainRailsResponseSchema } } }, () => ({
      rails: service.listRails(setup),
    }));
    app.get(
      '/networks/:network/address',
      {
        schema: {
          tags,
          params: z.object({ network: z.string().min(1).max(32) }),
          response: { 200: chainDepositAddressResponseSchema },
        },
      },
      (request) =>
        service.ownAddress(ctx, setup, requireUser(request).user, request.params.network),
    );
    app.get(
      '/transfers',
      { schema: { tags, response: { 200: chainTransferListSchema } } },
      async (request) => ({
        transfers: await service.ownTransfers(ctx, setup, requireUser(request).user.id),
      }),
    );
    app.post(
      '/dev/faucet',
      {
        preHandler: rateLimiter(ctx).guard([
          limitOn(faucetByAccount, (request) => request.auth?.user.id ?? request.ip),
        ]),
        schema: {
          tags,
          description: 'Development chain only: test USDC to the caller’s own deposit address.',
          body: chainFaucetSchema,
          response: { 200: chainFaucetResponseSchema },
        },
      },
      (request) => service.faucet(ctx, setup, requireUser(request).user, request.body),
    );
  });
}

/** /api/admin/chain: every transfer the watchers recorded, and the watchers' health. */
export function adminChainRoutes(ctx: AppContext, setup: ChainSetup | undefined) {
  return adminRoutes((app) => {
    app.get(
      '/transfers',
      {
        schema: {
          tags: ['admin'],
          querystring: adminChainTransferQuerySchema,
          response: { 200: adminChainTransferListSchema },
        },
      },
      (request) => service.adminTransfers(ctx, setup, request.query),
    );
    app.get(
      '/watchers',
      { schema: { tags: ['admin'], response: { 200: chainWatcherListSchema } } },
      () => ({ watchers: service.watcherViews(setup) }),
    );
  });
}
