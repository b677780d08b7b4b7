import { createWebhookInput, createWebhookResponse, idParam, webhookDeliverySchema, webhookSchema } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { WebhookService } from './service.js';

const tags = ['webhooks'];
const security = [{ bearer: [] }];

export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  app.post('/webhooks', {
    onRequest: access('webhook:manage'),
    schema: {
      tags,
      security,
      summary: 'Subscribe an https endpoint to events; every delivery is signed with the secret, shown once',
      body: createWebhookInput,
      response: { 201: createWebhookResponse },
    },
    handler: async (request, reply) => reply.code(201).send(await webhooks.create(requireActor(request), request.body)),
  });

  app.get('/webhooks', {
    onRequest: access('webhook:manage'),
    schema: { tags, security, summary: 'Every webhook endpoint, newest first', response: { 200: z.object({ items: z.array(webhookSchema) }) } },
    handler: async (request) => ({ items: await webhooks.list(requireActor(request)) }),
  });

  app.delete('/webhooks/:id', {
    onRequest: access('webhook:manage'),
    schema: {
      tags,
      security,
      summary: 'Unsubscribe: remove an endpoint and its deliveries',
      params: z.object({ id: idParam }),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await webhooks.remove(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/webhooks/:id/deliveries', {
    onRequest: access('webhook:manage'),
    schema: {
      tags,
      security,
      summary: 'An endpoint’s latest deliveries with each attempt (status, duration, first 1 KB of the answer)',
      params: z.object({ id: idParam }),
      response: { 200: z.object({ items: z.array(webhookDeliverySchema) }) },
    },
    handler: async (request) => ({ items: await webhooks.deliveries(requireActor(request), request.params.id) }),
  });

  app.post('/webhooks/:id/deliveries/:delivery_id/replay', {
    onRequest: access('webhook:manage'),
    schema: {
      tags,
      security,
      summary: 'Send a delivery again now (same event id and body), with a new series of retries; re-enables the endpoint',
      params: z.object({ id: idParam, delivery_id: idParam }),
      response: { 202: z.null() },
    },
    handler: async (request, reply) => {
      await webhooks.replay(requireActor(request), request.params.id, request.params.delivery_id);
      return reply.code(202).send(null);
    },
  });
};
