import { publicConfigSchema } from '@agency/schema';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../core/errors.js';
import type { Services } from '../../services.js';
import { errorResponses } from '../../lib/api-docs.js';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  app.get('/health', {
    schema: {
      tags,
      summary: 'Liveness and database check',
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), ...errorResponses(503) },
    },
    handler: async (request) => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw new AppError('UNAVAILABLE', 'Database unreachable');
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
