import {
  acceptProposalInput,
  createProposalInput,
  declineProposalInput,
  idParam,
  pageOf,
  pageQuery,
  proposalListItemSchema,
  proposalListQuery,
  proposalSchema,
  proposalSummarySchema,
  proposalTemplateInput,
  proposalTemplateSchema,
  selectProposalItemsInput,
  updateProposalInput,
  updateProposalTemplateInput,
  voidProposalInput,
} from '@agency/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { RequestInfo } from './queries.js';
import type { ProposalService } from './service.js';

const tags = ['proposals'];
const templateTags = ['proposal templates'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const proposalResponse = z.object({ proposal: proposalSchema });
const templateResponse = z.object({ template: proposalTemplateSchema });

function requestInfo(request: FastifyRequest): RequestInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' && agent ? agent : null };
}

export const proposalRoutes: FastifyPluginAsyncZod<{ proposals: ProposalService }> = async (app, { proposals }) => {
  const templates = proposals.templates;

  app.get('/proposal-templates', {
    onRequest: access('proposal:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Proposal templates, newest first',
      response: { 200: z.object({ items: z.array(proposalTemplateSchema) }) },
    },
    handler: async (request) => templates.list(requireActor(request)),
  });

  app.post('/proposal-templates', {
    onRequest: access('proposal:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Save sections and items to start proposals from',
      body: proposalTemplateInput,
      response: { 201: templateResponse },
    },
    handler: async (request, reply) => reply.code(201).send({ template: await templates.create(requireActor(request), request.body) }),
  });

  app.patch('/proposal-templates/:id', {
    onRequest: access('proposal:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Change a proposal template',
      params: idParams,
      body: updateProposalTemplateInput,
      response: { 200: templateResponse },
    },
    handler: async (request) => ({ template: await templates.update(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/proposal-templates/:id', {
    onRequest: access('proposal:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Delete a proposal template (proposals keep their own copy)',
      params: idParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await templates.remove(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/proposals', {
    onRequest: access('proposal:list'),
    schema: {
      tags,
      security,
      summary: "Proposals the caller may see (staff: all; a company's owners and billing people: its sent ones), newest first",
      querystring: pageQuery.extend(proposalListQuery.shape),
      response: { 200: pageOf(proposalListItemSchema) },
    },
    handler: async (request) => proposals.list(requireActor(request), request.query),
  });

  app.get('/proposals/summary', {
    onRequest: access('proposal:manage'),
    schema: {
      tags,
      security,
      summary: 'Every proposal counted by status, the conversion (accepted / sent) and the accepted value per currency (staff)',
      response: { 200: proposalSummarySchema },
    },
    handler: async (request) => proposals.summary(requireActor(request)),
  });

  app.post('/proposals', {
    onRequest: access('proposal:manage'),
    schema: {
      tags,
      security,
      summary: "Create a draft proposal for a client's pending or approved project (totals are computed by the server)",
      body: createProposalInput,
      response: { 201: proposalResponse, ...errorResponses(422) },
    },
    handler: async (request, reply) => reply.code(201).send({ proposal: await proposals.create(requireActor(request), request.body) }),
  });

  app.get('/proposals/:id', {
    onRequest: access('proposal:read'),
    schema: {
      tags,
      security,
      summary: 'One proposal with its totals for the current selection',
      params: idParams,
      response: { 200: proposalResponse },
    },
    handler: async (request) => ({ proposal: await proposals.get(requireActor(request), request.params.id) }),
  });

  app.patch('/proposals/:id', {
    onRequest: access('proposal:manage'),
    schema: {
      tags,
      security,
      summary: 'Edit a draft (409 once sent)',
      params: idParams,
      body: updateProposalInput,
      response: { 200: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ proposal: await proposals.update(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/proposals/:id/send', {
    onRequest: access('proposal:manage'),
    schema: {
      tags,
      security,
      summary: "Send a draft to the company's owners (in the app and by e-mail with a link)",
      params: idParams,
      response: { 200: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ proposal: await proposals.send(requireActor(request), request.params.id) }),
  });

  app.post('/proposals/:id/view', {
    onRequest: access('proposal:answer'),
    schema: {
      tags,
      security,
      summary: 'The client opened the proposal: records `viewed_at` once',
      params: idParams,
      response: { 200: proposalResponse },
    },
    handler: async (request) => ({ proposal: await proposals.view(requireActor(request), request.params.id) }),
  });

  app.post('/proposals/:id/select', {
    onRequest: access('proposal:answer'),
    schema: {
      tags,
      security,
      summary: 'Tick optional items (exactly the optional items named are included); totals follow',
      params: idParams,
      body: selectProposalItemsInput,
      response: { 200: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ proposal: await proposals.select(requireActor(request), request.params.id, request.body.item_ids) }),
  });

  app.post('/proposals/:id/accept', {
    onRequest: access('proposal:answer'),
    schema: {
      tags,
      security,
      summary:
        'Accept (an owner of the company): typed name, optional drawn PNG, consent, and through an e-mailed link the 6-digit `code`. Freezes it, approves a pending project, sends the client contract; 409 once answered or expired',
      params: idParams,
      body: acceptProposalInput,
      response: { 200: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({
      proposal: await proposals.accept(requireActor(request), request.params.id, request.body, requestInfo(request)),
    }),
  });

  app.post('/proposals/:id/decline', {
    onRequest: access('proposal:answer'),
    schema: {
      tags,
      security,
      summary: 'Decline with a reason (staff are told)',
      params: idParams,
      body: declineProposalInput,
      response: { 200: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ proposal: await proposals.decline(requireActor(request), request.params.id, request.body.reason) }),
  });

  app.post('/proposals/:id/void', {
    onRequest: access('proposal:manage'),
    schema: {
      tags,
      security,
      summary: 'Withdraw a draft or a sent proposal, with a reason',
      params: idParams,
      body: voidProposalInput,
      response: { 200: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ proposal: await proposals.void(requireActor(request), request.params.id, request.body.reason) }),
  });

  app.post('/proposals/:id/revise', {
    onRequest: access('proposal:manage'),
    schema: {
      tags,
      security,
      summary: 'Make a new draft version of an expired or declined proposal (the old one stays read-only)',
      params: idParams,
      response: { 201: proposalResponse, ...errorResponses(409) },
    },
    handler: async (request, reply) => reply.code(201).send({ proposal: await proposals.revise(requireActor(request), request.params.id) }),
  });

  app.get('/proposals/:id/pdf', {
    onRequest: access('proposal:read'),
    schema: {
      tags,
      security,
      summary: 'The proposal as a PDF: items with the selection, totals, validity and, once accepted, the acceptance',
      params: idParams,
      querystring: z.object({ download: z.enum(['1', '0']).optional() }),
      produces: ['application/pdf'],
      response: fileResponse,
    },
    handler: async (request, reply) => {
      const doc = await proposals.pdf(requireActor(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(doc.bytes.length))
        .header('content-disposition', `${request.query.download === '1' ? 'attachment' : 'inline'}; filename="${doc.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .send(doc.bytes);
    },
  });
};
