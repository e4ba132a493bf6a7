import { z } from 'zod';
import { atMostCharacters } from '@app/shared/schemas/common';
import {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  updateNotificationPreferencesSchema,
} from '@app/shared/schemas/notifications';
import type { AppContext } from '../../context';
import { queryRoute } from '../../http/route-plugin';
import { signedInRoutes } from '../session';
import { requireUser } from '../session';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationsOf,
  preferencesOf,
  unreadCountOf,
  updatePreferences,
} from './notifications.service';

/** The signed-in user's own alerts and e-mail choices. Never another's (404). */
export function notificationRoutes(ctx: AppContext) {
  return signedInRoutes((app) => {
    const tags = ['notifications'];

    queryRoute(
      app,
      '/',
      { tags, querystring: notificationsQuerySchema, response: notificationPageSchema },
      (request, query) => notificationsOf(ctx, requireUser(request).user.id, query),
    );

    app.get(
      '/unread-count',
      { schema: { tags, response: { 200: unreadCountSchema } } },
      async (request) => unreadCountOf(ctx, requireUser(request).user.id),
    );

    app.post(
      '/:id/read',
      {
        schema: {
          tags,
          params: z.object({ id: z.string().max(64, atMostCharacters(64)) }),
          response: { 200: unreadCountSchema },
        },
      },
      async (request) => markNotificationRead(ctx, requireUser(request).user.id, request.params.id),
    );

    app.post(
      '/read-all',
      { schema: { tags, response: { 200: unreadCountSchema } } },
      async (request) => markAllNotificationsRead(ctx, requireUser(request).user.id),
    );

    app.get(
      '/preferences',
      { schema: { tags, response: { 200: notificationPreferencesSchema } } },
      async (request) => preferencesOf(ctx, requireUser(request).user.id),
    );

    app.put(
      '/preferences',
      {
        schema: {
          tags,
          body: updateNotificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema },
        },
      },
      async (request) => updatePreferences(ctx, requireUser(request).user.id, request.body),
    );
  });
}
