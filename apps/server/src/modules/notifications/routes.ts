import { notificationSchema, pageQuery, idParam } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, requireSignIn } from '../../lib/route-guards.js';
import type { NotificationService } from './service.js';

const tags = ['notifications'];
const security = [{ bearer: [] }];

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (app, { notifications }) => {
  app.addHook('onRequest', requireSignIn);

  app.get('/notifications', {
    schema: {
      tags,
      security,
      summary: "The caller's notifications, newest first",
      querystring: pageQuery.extend({ unread: z.enum(['true', 'false']).optional() }),
      response: { 200: z.object({ items: z.array(notificationSchema), next_cursor: z.string().nullable(), unread_count: z.number() }) },
    },
    handler: async (request) => {
      const { unread, ...page } = request.query;
      return notifications.list(requireActor(request), { ...page, unread: unread === 'true' });
    },
  });

  app.get('/notifications/unread-count', {
    schema: { tags, security, summary: 'How many notifications are unread', response: { 200: z.object({ count: z.number() }) } },
    handler: async (request) => ({ count: await notifications.unreadCount(requireActor(request)) }),
  });

  app.post('/notifications/:id/read', {
    schema: {
      tags,
      security,
      summary: 'Mark one notification read',
      params: z.object({ id: idParam }),
      response: { 200: z.object({ notification: notificationSchema }) },
    },
    handler: async (request) => ({ notification: await notifications.markRead(requireActor(request), request.params.id) }),
  });

  app.post('/notifications/read-all', {
    schema: { tags, security, summary: 'Mark every notification read', response: { 200: z.object({ updated: z.number() }) } },
    handler: async (request) => ({ updated: await notifications.markAllRead(requireActor(request)) }),
  });
};
