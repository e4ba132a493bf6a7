import { contactSchema } from '@app/shared/schemas/contact';
import { okSchema } from '@app/shared/schemas/auth';
import type { AppContext } from '../../context';
import { clientAddress, limitOn, rateLimiter } from '../../http/rate-limit';
import { submitContactMessage } from './contact.service';
import { publicRoutes } from '../../http/route-plugin';

/** Messages from one address per hour (they are e-mailed to support). */
const contactByAddress = { name: 'contact:address', max: 10, windowMs: 60 * 60_000 };

export function contactRoutes(ctx: AppContext) {
  const limiter = rateLimiter(ctx);
  return publicRoutes((app) => {
    app.post(
      '/',
      {
        preHandler: limiter.guard([limitOn(contactByAddress, clientAddress)]),
        schema: { tags: ['contact'], body: contactSchema, response: { 201: okSchema } },
      },
      async (request, reply) => {
        await submitContactMessage(ctx, request.body, request.auth?.user.id ?? null);
        return reply.status(201).send({ ok: true as const });
      },
    );
  });
}
