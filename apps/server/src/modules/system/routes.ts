import { publicConfigSchema } from '@agency/schema';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { safeErrorMessage } from '../../lib/log-safety.js';
import type { AuthService } from '../auth/service.js';
import { logoUrl } from '../brand/service.js';

const tags = ['system'];

/** A readiness check that hangs (a store that accepts connections but never answers) counts as down after this. */
const READY_CHECK_TIMEOUT_MS = 3000;

async function check(what: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([what(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService; eventsHeard?: () => boolean }> = async (
  app,
  { ctx, auth, eventsHeard = () => true },
) => {
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
        request.log.warn({ error: safeErrorMessage(err) }, 'health check: database unreachable');
        return reply.code(503).header('retry-after', '5').send({ status: 'unavailable', database: 'down' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  app.get('/ready', {
    schema: {
      tags,
      summary:
        "Readiness for traffic: the database answers, the file storage is reachable and the other nodes' events are heard; 503 names what is not",
      response: {
        200: z.object({ status: z.literal('ready') }),
        503: z
          .object({
            status: z.literal('not_ready'),
            checks: z.object({ database: z.enum(['ok', 'down']), storage: z.enum(['ok', 'down']), events: z.enum(['ok', 'down']) }),
          })
          .describe("The database or the storage cannot be reached, or the other nodes' events are not heard (LISTEN is reconnecting)"),
      },
    },
    handler: async (request, reply) => {
      const [database, storage] = await Promise.all([check(() => ctx.db.execute(sql`select 1`)), check(() => ctx.storage.ready())]);
      const events = eventsHeard() ? 'ok' : 'down';
      if (database === 'ok' && storage === 'ok' && events === 'ok') return { status: 'ready' as const };
      request.log.warn({ database, storage, events }, 'readiness check failed');
      return reply.code(503).header('retry-after', '5').send({ status: 'not_ready', checks: { database, storage, events } });
    },
  });

  app.get('/config', {
    schema: {
      tags,
      summary: 'Public site settings (the brand: name, colour, logo, contact lines and footer links; whether card payments are in test mode)',
      response: { 200: publicConfigSchema },
    },
    handler: async () => {
      const brand = ctx.brand.current();
      return {
        brand_name: brand.agencyName,
        contact_phone: brand.contactPhone,
        contact_email: brand.contactEmail,
        primary_color: brand.primaryColor,
        logo_url: logoUrl(brand),
        footer_links: brand.footerLinks,
        superadmin_exists: await auth.superadminExists(),
        test_payments: ctx.config.payments.testMode,
        time_zone: ctx.config.agencyTimeZone,
        default_locale: ctx.config.defaultLocale,
      };
    },
  });
};
