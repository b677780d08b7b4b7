import {
  createRecurringInvoiceInput,
  idParam,
  pageOf,
  recurringInvoiceSchema,
  recurringListQuery,
  revenueForecastSchema,
  upcomingDatesSchema,
  upcomingQuery,
  updateRecurringInvoiceInput,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { RecurringInvoiceService } from './service.js';

const tags = ['recurring invoices'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const recurringResponse = z.object({ recurring_invoice: recurringInvoiceSchema });

export const recurringInvoiceRoutes: FastifyPluginAsyncZod<{ recurring: RecurringInvoiceService }> = async (app, { recurring }) => {
  app.get('/recurring-invoices', {
    onRequest: access('recurring_invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Recurring invoices, newest first, filtered by status or project',
      querystring: recurringListQuery,
      response: { 200: pageOf(recurringInvoiceSchema) },
    },
    handler: async (request) => recurring.list(requireActor(request), request.query),
  });

  app.post('/recurring-invoices', {
    onRequest: access('recurring_invoice:manage'),
    schema: {
      tags,
      security,
      summary: "Create a recurring invoice: lines (the invoice rules apply) and a schedule read in the agency's time zone",
      body: createRecurringInvoiceInput,
      response: { 201: recurringResponse, ...errorResponses(422) },
    },
    handler: async (request, reply) => reply.code(201).send({ recurring_invoice: await recurring.create(requireActor(request), request.body) }),
  });

  app.get('/recurring-invoices/forecast', {
    onRequest: access('invoice:report'),
    schema: {
      tags,
      security,
      summary: 'Monthly recurring revenue per currency and the income expected each day of the next 30',
      response: { 200: revenueForecastSchema },
    },
    handler: async (request) => recurring.forecast(requireActor(request)),
  });

  app.get('/recurring-invoices/:id', {
    onRequest: access('recurring_invoice:manage'),
    schema: { tags, security, summary: 'One recurring invoice', params: idParams, response: { 200: recurringResponse } },
    handler: async (request) => ({ recurring_invoice: await recurring.get(requireActor(request), request.params.id) }),
  });

  app.patch('/recurring-invoices/:id', {
    onRequest: access('recurring_invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'Edit lines, schedule or sending: future invoices only (those raised stay as they are)',
      params: idParams,
      body: updateRecurringInvoiceInput,
      response: { 200: recurringResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ recurring_invoice: await recurring.update(requireActor(request), request.params.id, request.body) }),
  });

  for (const [verb, summary] of [
    ['pause', 'Pause: no invoice is raised until it is resumed'],
    ['resume', 'Resume a paused recurring invoice from its next date on (periods missed while paused are not raised)'],
    ['end', 'End it: no more invoices'],
  ] as const) {
    app.post(`/recurring-invoices/:id/${verb}`, {
      onRequest: access('recurring_invoice:manage'),
      schema: { tags, security, summary, params: idParams, response: { 200: recurringResponse, ...errorResponses(409) } },
      handler: async (request) => ({ recurring_invoice: await recurring[verb](requireActor(request), request.params.id) }),
    });
  }

  app.get('/recurring-invoices/:id/upcoming', {
    onRequest: access('recurring_invoice:manage'),
    schema: {
      tags,
      security,
      summary: 'The next invoice dates (a paused one: as if resumed today)',
      params: idParams,
      querystring: upcomingQuery,
      response: { 200: upcomingDatesSchema },
    },
    handler: async (request) => recurring.upcoming(requireActor(request), request.params.id, request.query.count),
  });
};
