import { wholeNumberParam } from '@app/shared/schemas/common';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { adminRoutes } from '../session';
import { rule } from '@app/shared/rules';
import { outboxPage } from './mail.service';

const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sent', 'captured', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * Admins see every e-mail the platform queued and its delivery status: /admin/outbox. The bodies
 * are the redacted copies (secret parts replaced); the recipient's copy is not even selected.
 */
export function outboxRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['admin'],
          querystring: z.object({
            limit: wholeNumberParam(1, 100).default(50),
            before: z.iso.datetime({ error: rule('BEFORE_ISO_DATE') }).optional(),
          }),
          response: {
            200: z.object({ items: z.array(outboxItemSchema), nextCursor: z.string().nullable() }),
          },
        },
      },
      async (request) =>
        outboxPage(ctx, {
          limit: request.query.limit,
          ...(request.query.before ? { before: new Date(request.query.before) } : {}),
        }),
    );
  });
}
