import { z } from 'zod';
import { okSchema } from '@app/shared/schemas/auth';
import {
  adminProviderListSchema,
  adminProviderSchema,
  identityListSchema,
  providerParamsSchema,
  saveProviderSchema,
} from '@app/shared/schemas/sign-in';
import { rule } from '@app/shared/rules';
import { approvalResponseSchema } from '@app/shared/schemas/approvals';
import type { AppContext } from '../../context';
import { adminRoutes, deleteOwnRoute, requireAdmin, requireUser, signedInRoutes } from '../session';
import * as linked from './linked-identities.service';
import * as admin from './provider-admin.service';

const identityParams = z.object({ id: z.uuid({ error: rule('IDENTITY_ID_INVALID') }) });

/** The signed-in user's linked provider accounts (/profile): listed and removable. */
export function identityRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    const tags = ['auth'];
    app.get('/', { schema: { tags, response: { 200: identityListSchema } } }, async (request) => ({
      identities: await linked.identitiesOf(ctx, requireUser(request).user.id),
    }));
    deleteOwnRoute(app, { tags, params: identityParams }, (userId, id, ip) =>
      linked.unlinkIdentity(ctx, { userId, id, ip }),
    );
  });
}

/** Staff configure the providers; the client secret is write-only (set or replaced, never read). */
export function adminSignInProviderRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    const tags = ['admin'];
    app.get('/', { schema: { tags, response: { 200: adminProviderListSchema } } }, async () => ({
      providers: await admin.adminProviders(ctx),
    }));
    app.put(
      '/:provider',
      {
        schema: {
          tags,
          params: providerParamsSchema,
          body: saveProviderSchema,
          // A new provider, or another issuer or client, waits for a second admin (202).
          response: {
            200: z.object({ provider: adminProviderSchema }),
            202: approvalResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { user } = requireAdmin(request);
        const outcome = await admin.saveProvider(
          ctx,
          user.id,
          request.params.provider,
          request.body,
          request.ip,
        );
        return reply.status(outcome.status).send(outcome.body);
      },
    );
    app.delete(
      '/:provider',
      { schema: { tags, params: providerParamsSchema, response: { 200: okSchema } } },
      async (request) => {
        const { user } = requireAdmin(request);
        await admin.removeProvider(ctx, user.id, request.params.provider, request.ip);
        return { ok: true as const };
      },
    );
  });
}
