import {
  authResponseSchema,
  companiesQuery,
  companyDetailSchema,
  companyInvitationListSchema,
  companyListItemSchema,
  companyMemberResponseSchema,
  companyMembersSchema,
  companyResponseSchema,
  createCompanyInvitationInput,
  createCompanyInvitationResponse,
  idParam,
  inviteSignupInput,
  pageOf,
  updateCompanyInput,
  updateCompanyMemberInput,
} from '@agency/schema';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { CompanyService } from './service.js';

const tags = ['companies'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const memberParams = z.object({ user_id: idParam });

export const companyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; companies: CompanyService }> = async (app, { ctx, companies }) => {
  // Every invitation sends an e-mail: the same door as staff invitations.
  const mailLimit = { rateLimit: { ...doorLimit(ctx.config.rateLimits.invitationsPerHour, 3_600_000), groupId: 'invitation-mail' } };
  // Accepting signs the new account in: a door like the other sign-ups.
  const signupLimit = { rateLimit: doorLimit(ctx.config.rateLimits.signupPerHour, 3_600_000, 'ip') };

  // A client's own company.
  app.get('/company', {
    onRequest: access('company:read'),
    schema: { tags, security, summary: "The caller's company", response: { 200: companyResponseSchema } },
    handler: async (request) => ({ company: await companies.get(requireActor(request)) }),
  });

  app.patch('/company', {
    onRequest: access('company:manage'),
    schema: {
      tags,
      security,
      summary: "Change the company's name and billing details (owners); null clears a field",
      body: updateCompanyInput,
      response: { 200: companyResponseSchema },
    },
    handler: async (request) => ({ company: await companies.update(requireActor(request), request.body) }),
  });

  app.get('/company/members', {
    onRequest: access('company:read'),
    schema: { tags, security, summary: "The company's people and their roles", response: { 200: companyMembersSchema } },
    handler: async (request) => ({ items: await companies.members(requireActor(request)) }),
  });

  app.patch('/company/members/:user_id', {
    onRequest: access('company:manage'),
    schema: {
      tags,
      security,
      summary: 'Give a person of the company another role (owners); the last owner stays one (409 LAST_OWNER)',
      params: memberParams,
      body: updateCompanyMemberInput,
      response: { 200: companyMemberResponseSchema },
    },
    handler: async (request) => ({ member: await companies.changeRole(requireActor(request), request.params.user_id, request.body.role) }),
  });

  app.delete('/company/members/:user_id', {
    onRequest: access('company:manage'),
    schema: {
      tags,
      security,
      summary: 'Remove a person from the company (owners): the account is disabled and signed out everywhere at once',
      params: memberParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await companies.remove(requireActor(request), request.params.user_id);
      return reply.code(204).send(null);
    },
  });

  app.post('/company/invitations', {
    config: mailLimit,
    onRequest: access('company:manage'),
    schema: {
      tags,
      security,
      summary: 'Invite a colleague with a role (owners); an address that already has an account is refused (409 EMAIL_TAKEN)',
      body: createCompanyInvitationInput,
      response: { 201: createCompanyInvitationResponse },
    },
    handler: async (request, reply) => reply.code(201).send(await companies.invite(requireActor(request), request.body)),
  });

  app.get('/company/invitations', {
    onRequest: access('company:manage'),
    schema: { tags, security, summary: "The company's pending invitations (owners)", response: { 200: companyInvitationListSchema } },
    handler: async (request) => ({ items: await companies.invitations(requireActor(request)) }),
  });

  app.delete('/company/invitations/:id', {
    onRequest: access('company:manage'),
    schema: { tags, security, summary: 'Withdraw a pending invitation (owners)', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await companies.revokeInvitation(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/company/invitations/accept', {
    config: signupLimit,
    schema: {
      tags,
      summary: 'Create an account in the company from an invitation link (public); the new account is signed in',
      body: inviteSignupInput,
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await companies.acceptInvitation(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  });

  // Staff: every company.
  app.get('/companies', {
    onRequest: access('company:browse'),
    schema: {
      tags,
      security,
      summary: 'Every client company with its people, projects, open invoices and last activity (staff), newest first',
      querystring: companiesQuery,
      response: { 200: pageOf(companyListItemSchema) },
    },
    handler: async (request) => companies.browse(requireActor(request), request.query),
  });

  app.get('/companies/export.csv', {
    onRequest: access('company:browse'),
    schema: {
      tags,
      security,
      summary: 'The companies the search selects as CSV, with the same columns as the list (staff)',
      querystring: companiesQuery.pick({ q: true }),
      produces: ['text/csv'],
      response: { 200: z.any().meta({ type: 'string' }).describe('CSV, one company per row, with a header row') },
    },
    handler: async (request, reply) => {
      const rows = companies.exportCsv(requireActor(request), request.query);
      // The header is produced before the answer starts, so an access error is still a JSON 403.
      const first = await rows.next();
      const stream = Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* rows;
        })(),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="companies-${ctx.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.get('/companies/:id', {
    onRequest: access('company:browse'),
    schema: {
      tags,
      security,
      summary: 'One company with its people and projects (staff)',
      params: idParams,
      response: { 200: companyDetailSchema },
    },
    handler: async (request) => companies.detail(requireActor(request), request.params.id),
  });
};
