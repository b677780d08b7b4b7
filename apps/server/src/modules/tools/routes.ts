import {
  createToolRequestInput,
  decideToolRequestInput,
  pageOf,
  pageQuery,
  toolRequestSchema,
  toolRequestStatusSchema,
  idParam,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { ToolRequestService } from './service.js';

const tags = ['tool requests'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const response = z.object({ tool_request: toolRequestSchema });

export const toolRoutes: FastifyPluginAsyncZod<{ tools: ToolRequestService }> = async (app, { tools }) => {
  app.post('/tool-requests', {
    onRequest: access('tool_request:create'),
    schema: { tags, security, summary: 'A client asks for a tool', body: createToolRequestInput, response: { 201: response } },
    handler: async (request, reply) => reply.code(201).send({ tool_request: await tools.create(requireActor(request), request.body) }),
  });

  app.get('/tool-requests', {
    onRequest: access('tool_request:list'),
    schema: {
      tags,
      security,
      summary: "Tool requests: a client's own, or the whole queue for staff",
      querystring: pageQuery.extend({ status: toolRequestStatusSchema.optional() }),
      response: { 200: pageOf(toolRequestSchema) },
    },
    handler: async (request) => tools.list(requireActor(request), request.query),
  });

  app.get('/tool-requests/:id', {
    onRequest: access('tool_request:read'),
    schema: { tags, security, summary: 'One tool request', params: idParams, response: { 200: response } },
    handler: async (request) => ({ tool_request: await tools.get(requireActor(request), request.params.id) }),
  });

  app.post('/tool-requests/:id/decision', {
    onRequest: access('tool_request:decide'),
    schema: {
      tags,
      security,
      summary: 'Approve, decline (reason required) or mark fulfilled',
      params: idParams,
      body: decideToolRequestInput,
      response: { 200: response },
    },
    handler: async (request) => ({ tool_request: await tools.decide(requireActor(request), request.params.id, request.body) }),
  });
};
