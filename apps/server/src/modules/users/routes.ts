import { accountSchema, pageOf, pageQuery, setStatusInput, idParam } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireActor } from '../../lib/route-guards.js';
import type { UserService } from './service.js';

const tags = ['users'];
const security = [{ bearer: [] }];

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get('/users', {
    onRequest: access('account:list'),
    schema: {
      tags,
      security,
      summary: 'Admin accounts (super admin) or employee accounts (admin, super admin), newest first',
      querystring: pageQuery.extend({ role: z.enum(['admin', 'employee']) }),
      response: { 200: pageOf(accountSchema) },
    },
    handler: async (request) => {
      const { role, ...page } = request.query;
      return users.list(requireActor(request), role, page);
    },
  });

  app.patch('/users/:id/status', {
    onRequest: access('account:set_status'),
    schema: {
      tags,
      security,
      summary: 'Disable or enable an account; disabling revokes its tokens at once',
      params: z.object({ id: idParam }),
      body: setStatusInput,
      response: { 200: z.object({ user: accountSchema }) },
    },
    handler: async (request) => ({ user: await users.setStatus(requireActor(request), request.params.id, request.body.status) }),
  });
};
