import { publicConfigSchema } from '@agency/schema';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Services } from '../../services.js';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  app.get('/health', {
    schema: {
      tags,
      summary: 'Liveness and database check: 503 names the dependency that is down',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
        503: z.object({ status: z.literal('unavailable'), database: z.enum(['ok', 'down']) }).describe('A dependency is down'),
      },
    },
    handler: async (request, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch (err) {
        request.log.warn({ error: (err as Error).message }, 'health check: database unreachable');
        return reply.code(503).header('retry-after', '5').send({ status: 'unavailable', database: 'down' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  app.get('/config', {
    schema: { tags, summary: 'Public site settings (brand and contact lines)', response: { 200: publicConfigSchema } },
    handler: async () => ({
      brand_name: ctx.config.brandName,
      contact_phone: ctx.config.contactPhone,
      contact_email: ctx.config.contactEmail,
      superadmin_exists: await services.auth.superadminExists(),
    }),
  });
};
