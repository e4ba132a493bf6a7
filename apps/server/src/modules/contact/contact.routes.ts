import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactSchema } from '@app/shared/schemas/contact';
import { okSchema } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import { submitContactMessage } from './contact.service';

export function contactRoutes(ctx: AppContext) {
  return function register(fastify: FastifyInstance, _options: unknown, done: () => void) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: { tags: ['contact'], body: contactSchema, response: { 201: okSchema } },
      },
      async (request, reply) => {
        await submitContactMessage(ctx, request.body, request.auth?.user.id ?? null);
        return reply.status(201).send({ ok: true as const });
      },
    );
    done();
  };
}
