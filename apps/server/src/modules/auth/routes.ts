import { authResponseSchema, clientSignupInput, inviteSignupInput, loginInput, superadminSignupInput, userSchema } from '@agency/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import type { Services } from '../../services.js';
import { requireActor } from '../../lib/route-guards.js';
import { presentUser } from '../users/present.js';
import type { RequestMeta } from './service.js';

const tags = ['auth'];
const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  const limits = ctx.config.rateLimits;
  const signupLimit = { rateLimit: doorLimit(limits.signupPerHour, 3_600_000, 'ip') };

  app.post('/auth/signup/client', {
    config: signupLimit,
    schema: { tags, summary: 'Create a client account and sign in', body: clientSignupInput, response: { 201: authResponseSchema } },
    handler: async (request, reply) => reply.code(201).send(await services.auth.signupClient(request.body, meta(request))),
  });

  app.post('/auth/signup/superadmin', {
    // Each try may carry a setup-key guess.
    config: { rateLimit: doorLimit(limits.setupKeyPerHour, 3_600_000, 'ip') },
    schema: {
      tags,
      summary: 'Create the super admin (free while none exists, then only with the setup key)',
      body: superadminSignupInput,
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await services.auth.signupSuperadmin(request.body, meta(request))),
  });

  app.post('/auth/signup/admin', {
    config: signupLimit,
    schema: { tags, summary: 'Create an admin account from an invitation', body: inviteSignupInput, response: { 201: authResponseSchema } },
    handler: async (request, reply) => reply.code(201).send(await services.invitations.accept('admin', request.body, meta(request))),
  });

  app.post('/auth/signup/employee', {
    config: signupLimit,
    schema: {
      tags,
      summary: 'Create a team lead or team member account from an invitation',
      body: inviteSignupInput,
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await services.invitations.accept('employee', request.body, meta(request))),
  });

  app.post('/auth/login', {
    config: { rateLimit: doorLimit(limits.loginPerMinute, 60_000, 'ip') },
    schema: { tags, summary: 'Sign in with e-mail and password', body: loginInput, response: { 200: authResponseSchema } },
    handler: async (request) => services.auth.login(request.body, meta(request)),
  });

  app.post('/auth/logout', {
    schema: { tags, summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 204: z.null() } },
    handler: async (request, reply) => {
      await services.auth.logout(requireActor(request));
      return reply.code(204).send(null);
    },
  });

  app.get('/auth/me', {
    schema: { tags, summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: z.object({ user: userSchema }) } },
    handler: async (request) => ({ user: presentUser(requireActor(request)) }),
  });
};
