import { atMostCharacters, wholeNumberParam } from '@app/shared/schemas/common';
import { z } from 'zod';
import { contactMessageListSchema } from '@app/shared/schemas/admin-users';
import type { AppContext } from '../../context';
import { queryRoute } from '../../http/route-plugin';
import { listContactMessages } from './contact.service';
import { adminRoutes } from '../session';

/** /api/admin/messages: what visitors and users sent through the contact form. */
export function contactMessageRoutes(ctx: AppContext) {
  return adminRoutes((app) => {
    queryRoute(
      app,
      '/',
      {
        tags: ['admin'],
        querystring: z.object({
          cursor: z.string().max(200, atMostCharacters(200)).optional(),
          limit: wholeNumberParam(1, 100).default(25),
        }),
        response: contactMessageListSchema,
      },
      (_request, query) => listContactMessages(ctx, query),
    );
  });
}
