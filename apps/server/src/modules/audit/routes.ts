import { auditEntrySchema, auditQuerySchema, pageOf, pageQuery } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { AuditService } from './service.js';

const tags = ['audit'];
const security = [{ bearer: [] }];

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get('/audit-log', {
    onRequest: access('audit:read'),
    schema: {
      tags,
      security,
      summary: 'The audit log of staff actions, newest first: by person, action, record and time',
      querystring: pageQuery.extend(auditQuerySchema.shape),
      response: { 200: pageOf(auditEntrySchema) },
    },
    handler: async (request) => audit.search(requireActor(request), request.query),
  });

  app.get('/audit-log.csv', {
    onRequest: access('audit:read'),
    schema: {
      tags,
      security,
      summary: 'The audit log as CSV with the same filters, streamed',
      querystring: auditQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.any().meta({ type: 'string' }).describe('CSV, one row per entry, newest first') },
    },
    handler: async (request, reply) => {
      const stream = audit.export(requireActor(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
};
