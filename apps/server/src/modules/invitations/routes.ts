import {
  createInvitationInput,
  createInvitationResponse,
  invitationPreviewSchema,
  invitationSchema,
  pageOf,
  pageQuery,
  idParam,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import type { Services } from '../../services.js';

const tags = ['invitations'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const listedInvitation = invitationSchema.extend({ status: z.enum(['pending', 'expired']) });

export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; services: Services }> = async (app, { ctx, services }) => {
  // Every invitation sends an e-mail: a door with its own limit, shared by creating and resending.
  const mailLimit = { rateLimit: { ...doorLimit(ctx.config.rateLimits.invitationsPerHour, 3_600_000), groupId: 'invitation-mail' } };

  app.get('/invitations/preview', {
    schema: {
      tags,
      summary: 'What an invitation link is for (public; answers 404 when used, revoked or expired)',
      querystring: z.object({ token: z.string().min(1, 'token is required').max(200) }),
      response: { 200: invitationPreviewSchema },
    },
    handler: async (request) => services.invitations.preview(request.query.token),
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
    handler: async (request, reply) => reply.code(201).send(await services.invitations.create(requireActor(request), request.body)),
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
      return services.invitations.list(requireActor(request), role, page);
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
    handler: async (request) => services.invitations.resend(requireActor(request), request.params.id),
  });

  app.delete('/invitations/:id', {
    onRequest: access('invitation:manage'),
    schema: { tags, security, summary: 'Revoke a pending invitation', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await services.invitations.revoke(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
