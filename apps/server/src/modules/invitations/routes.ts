import {
  authResponseSchema,
  createInvitationInput,
  createInvitationResponse,
  invitationPreviewSchema,
  invitationSchema,
  inviteSignupInput,
  pageOf,
  pageQuery,
  idParam,
} from '@agency/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import type { RequestMeta } from '../auth/service.js';
import type { InvitationService } from './service.js';

const tags = ['invitations'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const listedInvitation = invitationSchema.extend({ status: z.enum(['pending', 'expired']) });
const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; invitations: InvitationService }> = async (app, { ctx, invitations }) => {
  // Every invitation sends an e-mail: a door with its own limit, shared by creating and resending.
  const mailLimit = { rateLimit: { ...doorLimit(ctx.config.rateLimits.invitationsPerHour, 3_600_000), groupId: 'invitation-mail' } };

  // Accepting an invitation signs the new account in: these doors stand with the other signups under /auth.
  const signupLimit = { rateLimit: doorLimit(ctx.config.rateLimits.signupPerHour, 3_600_000, 'ip') };

  app.post('/auth/signup/admin', {
    config: signupLimit,
    schema: { tags: ['auth'], summary: 'Create an admin account from an invitation', body: inviteSignupInput, response: { 201: authResponseSchema } },
    handler: async (request, reply) => reply.code(201).send(await invitations.accept('admin', request.body, meta(request))),
  });

  app.post('/auth/signup/employee', {
    config: signupLimit,
    schema: {
      tags: ['auth'],
      summary: 'Create a team lead or team member account from an invitation',
      body: inviteSignupInput,
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await invitations.accept('employee', request.body, meta(request))),
  });

  app.get('/invitations/preview', {
    schema: {
      tags,
      summary: 'What an invitation link is for (public; answers 404 when used, revoked or expired)',
      querystring: z.object({ token: z.string().min(1, 'token is required').max(200) }),
      response: { 200: invitationPreviewSchema },
    },
    handler: async (request) => invitations.preview(request.query.token),
  });

  app.post('/invitations', {
    config: mailLimit,
    onRequest: access('invitation:create'),
    schema: {
      tags,
      security,
      summary: 'Invite an admin (super admin) or an employee (admin, super admin)',
      body: createInvitationInput,
      response: { 201: createInvitationResponse },
    },
    handler: async (request, reply) => reply.code(201).send(await invitations.create(requireActor(request), request.body)),
  });

  app.get('/invitations', {
    onRequest: access('invitation:manage'),
    schema: {
      tags,
      security,
      summary: 'Pending invitations of a group',
      querystring: pageQuery.extend({ role: z.enum(['admin', 'employee']) }),
      response: { 200: pageOf(listedInvitation) },
    },
    handler: async (request) => {
      const { role, ...page } = request.query;
      return invitations.list(requireActor(request), role, page);
    },
  });

  app.post('/invitations/:id/resend', {
    config: mailLimit,
    onRequest: access('invitation:manage'),
    schema: {
      tags,
      security,
      summary: 'Issue a fresh link for a pending invitation and mail it again',
      params: idParams,
      response: { 200: createInvitationResponse },
    },
    handler: async (request) => invitations.resend(requireActor(request), request.params.id),
  });

  app.delete('/invitations/:id', {
    onRequest: access('invitation:manage'),
    schema: { tags, security, summary: 'Revoke a pending invitation', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await invitations.revoke(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
