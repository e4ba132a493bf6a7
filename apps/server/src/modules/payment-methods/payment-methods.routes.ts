import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentMethodSchema,
  paymentMethodListSchema,
  paymentMethodResponseSchema,
  updatePaymentMethodSchema,
} from '@app/shared/schemas/payment-methods';
import type { AppContext } from '../../context';
import { guardAdmin, guardSignedIn } from '../../http/guards';
import { requireAdmin } from '../auth/session';
import * as service from './payment-methods.service';
import { rule } from '@app/shared/rules';

const idParams = z.object({ id: z.uuid({ error: rule('PAYMENT_METHOD_ID_INVALID') }) });

/** GET /api/payment-methods — the active methods, for signed-in users. */
export function paymentMethodRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardSignedIn(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/',
      { schema: { tags: ['payment-methods'], response: { 200: paymentMethodListSchema } } },
      async () => ({ methods: await service.listActive(ctx) }),
    );
    done();
  };
}

/** /api/admin/payment-methods: list (incl. retired), create, edit, retire — audited. */
export function adminPaymentMethodRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    guardAdmin(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    app.get('/', { schema: { tags, response: { 200: paymentMethodListSchema } } }, async () => ({
      methods: await service.listAll(ctx),
    }));
    app.post(
      '/',
      {
        schema: {
          tags,
          body: createPaymentMethodSchema,
          response: { 201: paymentMethodResponseSchema },
        },
      },
      async (request, reply) => {
        const method = await service.create(
          ctx,
          requireAdmin(request).user.id,
          request.body,
          request.ip,
        );
        return reply.status(201).send({ method });
      },
    );
    app.patch(
      '/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: updatePaymentMethodSchema,
          response: { 200: paymentMethodResponseSchema },
        },
      },
      async (request) => ({
        method: await service.update(
          ctx,
          requireAdmin(request).user.id,
          request.params.id,
          request.body,
          request.ip,
        ),
      }),
    );
    app.delete(
      '/:id',
      { schema: { tags, params: idParams, response: { 200: paymentMethodResponseSchema } } },
      async (request) => ({
        method: await service.retire(
          ctx,
          requireAdmin(request).user.id,
          request.params.id,
          request.ip,
        ),
      }),
    );
    done();
  };
}
