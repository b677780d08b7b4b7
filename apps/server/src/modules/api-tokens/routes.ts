import { apiTokenListSchema, createApiTokenInput, createApiTokenResponse, idParam, staffApiTokenSchema } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { ApiTokenService } from './service.js';

const tags = ['api-tokens'];
const security = [{ bearer: [] }];

export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokenService }> = async (app, { apiTokens }) => {
  app.post('/account/tokens', {
    onRequest: access('api_token:own'),
    schema: {
      tags,
      security,
      summary: 'Create a personal API token with some scopes (never more than one’s role allows); the secret is shown once',
      body: createApiTokenInput,
      response: { 201: createApiTokenResponse },
    },
    handler: async (request, reply) => reply.code(201).send(await apiTokens.create(requireActor(request), request.body)),
  });

  app.get('/account/tokens', {
    onRequest: access('api_token:own'),
    schema: {
      tags,
      security,
      summary: 'One’s API tokens that still work, newest first (never their secrets), and the scopes one’s role may give',
      response: { 200: apiTokenListSchema },
    },
    handler: async (request) => apiTokens.listOwn(requireActor(request)),
  });

  app.delete('/account/tokens/:id', {
    onRequest: access('api_token:own'),
    schema: { tags, security, summary: 'Revoke one of one’s API tokens', params: z.object({ id: idParam }), response: { 204: z.null() } },
    handler: async (request, reply) => {
      await apiTokens.revokeOwn(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api-tokens', {
    onRequest: access('api_token:manage'),
    schema: {
      tags,
      security,
      summary: 'Staff: every person’s API tokens that still work, with their owners, newest first',
      response: { 200: z.object({ items: z.array(staffApiTokenSchema) }) },
    },
    handler: async (request) => ({ items: await apiTokens.listAll(requireActor(request)) }),
  });

  app.delete('/api-tokens/:id', {
    onRequest: access('api_token:manage'),
    schema: { tags, security, summary: 'Staff: revoke anyone’s API token', params: z.object({ id: idParam }), response: { 204: z.null() } },
    handler: async (request, reply) => {
      await apiTokens.revokeAny(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
