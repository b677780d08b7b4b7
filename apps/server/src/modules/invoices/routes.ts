import { Readable } from 'node:stream';
import {
  billingSettingsInput,
  billingSettingsSchema,
  checkoutResponseSchema,
  createInvoiceInput,
  idParam,
  invoiceListItemSchema,
  invoiceListQuery,
  invoiceNoSchema,
  invoiceSchema,
  invoiceSummarySchema,
  pageOf,
  recordPaymentInput,
  refundInput,
  updateInvoiceInput,
  voidInvoiceInput,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errorResponses, fileResponse } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { InvoiceService } from './service.js';

const tags = ['invoices'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const invoiceResponse = z.object({ invoice: invoiceSchema });

export const invoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; invoices: InvoiceService }> = async (app, { ctx, invoices }) => {
  app.get('/invoices', {
    onRequest: access('invoice:list'),
    schema: {
      tags,
      security,
      summary: "Invoices the caller may see (a client's own, every one for staff), newest first, filtered by project, client or status",
      querystring: invoiceListQuery,
      response: { 200: pageOf(invoiceListItemSchema) },
    },
    handler: async (request) => invoices.list(requireActor(request), request.query),
  });

  app.post('/invoices', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Create a draft invoice for a project; totals are computed by the server from the lines',
      body: createInvoiceInput,
      response: { 201: invoiceResponse, ...errorResponses(409, 422) },
    },
    handler: async (request, reply) => reply.code(201).send({ invoice: await invoices.create(requireActor(request), request.body) }),
  });

  app.get('/invoices/summary', {
    onRequest: access('invoice:report'),
    schema: {
      tags,
      security,
      summary: 'Totals invoiced, paid, outstanding and overdue per currency, and revenue by month',
      response: { 200: invoiceSummarySchema },
    },
    handler: async (request) => invoices.summary(requireActor(request)),
  });

  app.get('/invoices/export.csv', {
    onRequest: access('invoice:report'),
    schema: {
      tags,
      security,
      summary: 'Every invoice the filters select as CSV (amounts in major units of their currency): the same filters as the list',
      querystring: invoiceListQuery.pick({ status: true, client_id: true, project_id: true, attention: true }),
      produces: ['text/csv'],
      response: { 200: z.any().meta({ type: 'string' }).describe('CSV, one invoice per row, with a header row') },
    },
    handler: async (request, reply) => {
      const rows = invoices.exportCsv(requireActor(request), request.query);
      // The first chunk (the header) is produced before the answer starts, so an access error is still a JSON 403.
      const first = await rows.next();
      const stream = Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* rows;
        })(),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${ctx.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.get('/invoices/:id', {
    onRequest: access('invoice:read'),
    schema: {
      tags,
      security,
      summary: 'One invoice with its lines and payments, by id or by number (INV-<year>-<number>, as the payment success page has it)',
      params: z.object({ id: z.union([idParam, invoiceNoSchema], { error: 'An invoice id or number (INV-<year>-<number>)' }) }),
      response: { 200: invoiceResponse },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      const { id } = request.params;
      return { invoice: typeof id === 'number' ? await invoices.get(actor, id) : await invoices.getByNumber(actor, id) };
    },
  });

  app.patch('/invoices/:id', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Edit a draft (paid and void invoices never change)',
      params: idParams,
      body: updateInvoiceInput,
      response: { 200: invoiceResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ invoice: await invoices.update(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/invoices/:id/send', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Send a draft to the client: in-app and by e-mail with the PDF',
      params: idParams,
      response: { 200: invoiceResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ invoice: await invoices.send(requireActor(request), request.params.id) }),
  });

  app.post('/invoices/:id/void', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Void an unpaid invoice, with a reason',
      params: idParams,
      body: voidInvoiceInput,
      response: { 200: invoiceResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ invoice: await invoices.void(requireActor(request), request.params.id, request.body.reason) }),
  });

  app.post('/invoices/:id/payments', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Record an offline payment (a bank transfer): amount, date and reference',
      params: idParams,
      body: recordPaymentInput,
      response: { 201: invoiceResponse, ...errorResponses(409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ invoice: await invoices.recordPayment(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/invoices/:id/refunds', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Refund a card payment, in full or in part, through the payment provider',
      params: idParams,
      body: refundInput,
      response: { 201: invoiceResponse, ...errorResponses(409, 502) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ invoice: await invoices.refund(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/invoices/:id/attention/clear', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Mark a flagged payment problem as dealt with',
      params: idParams,
      response: { 200: invoiceResponse },
    },
    handler: async (request) => ({ invoice: await invoices.clearAttention(requireActor(request), request.params.id) }),
  });

  app.post('/invoices/:id/checkout', {
    onRequest: access('invoice:pay'),
    schema: {
      tags,
      security,
      summary: "The invoice's client pays what is due by card: the address of the provider's checkout page",
      params: idParams,
      response: { 200: checkoutResponseSchema, ...errorResponses(409, 502) },
    },
    handler: async (request) => invoices.checkout(requireActor(request), request.params.id),
  });

  // A document is sent only with the bearer header of the session that may read it: no link to it works on its own,
  // so a link copied into a chat, a log or a forwarded e-mail opens nothing (the web app fetches it with the header).
  app.get('/invoices/:id/pdf', {
    onRequest: access('invoice:read'),
    schema: {
      tags,
      security,
      summary: 'The invoice PDF, for its client and staff (with the bearer header; there is no link that opens it without one)',
      params: idParams,
      produces: ['application/pdf'],
      response: fileResponse,
    },
    handler: async (request, reply) => {
      const file = await invoices.pdf(requireActor(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.bytes.length))
        .header('content-disposition', `inline; filename="${file.invoiceNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  });

  app.get('/invoices/:id/payments/:payment_id/receipt', {
    onRequest: access('invoice:read'),
    schema: {
      tags,
      security,
      summary: "A payment's receipt PDF, for the invoice's client and staff (with the bearer header)",
      params: z.object({ id: idParam, payment_id: idParam }),
      produces: ['application/pdf'],
      response: fileResponse,
    },
    handler: async (request, reply) => {
      const file = await invoices.receipt(requireActor(request), request.params.id, request.params.payment_id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.bytes.length))
        .header('content-disposition', `inline; filename="receipt-${file.receiptNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  });

  app.get('/projects/:id/billing', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: "A project's billing settings: whether the deposit invoice is raised automatically, and the deposit invoice",
      params: idParams,
      response: { 200: z.object({ billing: billingSettingsSchema }) },
    },
    handler: async (request) => ({ billing: await invoices.billing(requireActor(request), request.params.id) }),
  });

  app.put('/projects/:id/billing', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Turn the automatic deposit invoice on or off for a project',
      params: idParams,
      body: billingSettingsInput,
      response: { 200: z.object({ billing: billingSettingsSchema }) },
    },
    handler: async (request) => ({ billing: await invoices.setBilling(requireActor(request), request.params.id, request.body.auto_deposit) }),
  });

  app.post('/projects/:id/deposit-invoice', {
    onRequest: access('invoice:manage'),
    schema: {
      tags,
      security,
      summary: "Raise and send the project's deposit invoice now (DEPOSIT_PERCENT of the budget)",
      params: idParams,
      response: { 201: invoiceResponse, ...errorResponses(409, 422) },
    },
    handler: async (request, reply) => reply.code(201).send({ invoice: await invoices.createDepositNow(requireActor(request), request.params.id) }),
  });
};
