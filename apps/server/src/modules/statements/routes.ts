import { createCreditNoteInput, creditNoteSchema, idParam, statementQuery, statementSchema } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { StatementService } from './service.js';

const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });

export const statementRoutes: FastifyPluginAsyncZod<{ statements: StatementService }> = async (app, { statements }) => {
  app.get('/companies/:id/statement', {
    onRequest: access('statement:read'),
    schema: {
      tags: ['statements'],
      security,
      summary:
        "A company's statement for a date range in one currency: opening balance, invoices, payments, refunds and credit notes, closing balance",
      params: idParams,
      querystring: statementQuery,
      response: { 200: statementSchema },
    },
    handler: async (request) => statements.statement(requireActor(request), Number(request.params.id), request.query),
  });

  app.get('/companies/:id/statement.pdf', {
    onRequest: access('statement:read'),
    schema: {
      tags: ['statements'],
      security,
      summary: 'The same statement as a PDF',
      params: idParams,
      querystring: statementQuery,
      produces: ['application/pdf'],
      response: fileResponse,
    },
    handler: async (request, reply) => {
      const { filename, bytes } = await statements.statementPdf(requireActor(request), Number(request.params.id), request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(bytes.length))
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  });

  app.get('/invoices/:id/credit-notes', {
    onRequest: access('invoice:read'),
    schema: {
      tags: ['invoices'],
      security,
      summary: "An invoice's credit notes, oldest first",
      params: idParams,
      response: { 200: z.object({ items: z.array(creditNoteSchema) }) },
    },
    handler: async (request) => statements.listCreditNotes(requireActor(request), Number(request.params.id)),
  });

  app.post('/invoices/:id/credit-notes', {
    onRequest: access('invoice:manage'),
    schema: {
      tags: ['invoices'],
      security,
      summary: 'Issue a credit note (CN-<year>-NNNN) taking an amount off what is left on an issued invoice; at most that amount',
      params: idParams,
      body: createCreditNoteInput,
      response: { 201: z.object({ credit_note: creditNoteSchema }), ...errorResponses(409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await statements.createCreditNote(requireActor(request), Number(request.params.id), request.body)),
  });
};
