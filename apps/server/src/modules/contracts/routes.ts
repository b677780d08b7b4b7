import {
  contractCountsSchema,
  contractEventSchema,
  contractKindSchema,
  contractListItemSchema,
  contractListQuery,
  contractSchema,
  contractTemplateSchema,
  createContractInput,
  createContractTemplateInput,
  idParam,
  pageOf,
  pageQuery,
  previewContractTemplateInput,
  sendContractInput,
  signContractInput,
  templatePreviewSchema,
  updateContractInput,
  updateContractTemplateInput,
  voidContractInput,
} from '@agency/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../lib/api-docs.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { ContractDocument, RequestInfo } from './helpers.js';
import type { ContractService } from './service.js';

const tags = ['contracts'];
const templateTags = ['contract templates'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const contractResponse = z.object({ contract: contractSchema });
const templateResponse = z.object({ template: contractTemplateSchema });

function requestInfo(request: FastifyRequest): RequestInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' && agent ? agent : null };
}

/** A contract PDF: inline unless `download` asks for a file; never cached by shared caches; nothing in it runs. */
function sendPdf(reply: FastifyReply, doc: ContractDocument, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(doc.bytes.length))
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${doc.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .send(doc.bytes);
}

export const contractRoutes: FastifyPluginAsyncZod<{ contracts: ContractService }> = async (app, { contracts }) => {
  const templates = contracts.templates;

  // Templates (staff)

  app.get('/contract-templates', {
    onRequest: access('contract_template:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Contract templates, newest first',
      querystring: pageQuery.extend({ kind: contractKindSchema.optional() }),
      response: { 200: pageOf(contractTemplateSchema) },
    },
    handler: async (request) => templates.list(requireActor(request), request.query),
  });

  app.post('/contract-templates', {
    onRequest: access('contract_template:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Create a template (an unknown `{{variable}}` answers 400 naming it)',
      body: createContractTemplateInput,
      response: { 201: templateResponse },
    },
    handler: async (request, reply) => reply.code(201).send({ template: await templates.create(requireActor(request), request.body) }),
  });

  app.post('/contract-templates/preview', {
    onRequest: access('contract_template:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: "The editor's live preview: the body rendered with sample values (or a project's), and the variables it may use",
      body: previewContractTemplateInput,
      response: { 200: templatePreviewSchema },
    },
    handler: async (request) => templates.preview(requireActor(request), request.body),
  });

  app.get('/contract-templates/:id', {
    onRequest: access('contract_template:manage'),
    schema: { tags: templateTags, security, summary: 'One template', params: idParams, response: { 200: templateResponse } },
    handler: async (request) => ({ template: await templates.get(requireActor(request), request.params.id) }),
  });

  app.patch('/contract-templates/:id', {
    onRequest: access('contract_template:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: "Change a template's title or body, or make it the default of its kind",
      params: idParams,
      body: updateContractTemplateInput,
      response: { 200: templateResponse },
    },
    handler: async (request) => ({ template: await templates.update(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/contract-templates/:id', {
    onRequest: access('contract_template:manage'),
    schema: {
      tags: templateTags,
      security,
      summary: 'Delete a template that is not the default (contracts keep their own copy of the wording)',
      params: idParams,
      response: { 204: z.null(), ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await templates.remove(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // Contracts

  app.get('/contracts', {
    onRequest: access('contract:list'),
    schema: {
      tags,
      security,
      summary: 'Contracts the caller may see (staff: all; signers: their own once sent; team leads: their team’s), newest first',
      querystring: pageQuery.extend(contractListQuery.shape),
      response: { 200: pageOf(contractListItemSchema) },
    },
    handler: async (request) => contracts.list(requireActor(request), request.query),
  });

  app.get('/contracts/counts', {
    onRequest: access('contract:list'),
    schema: {
      tags,
      security,
      summary: 'How many of the contracts the caller may see are in each status, with the same filters as the list',
      querystring: contractListQuery.omit({ status: true }),
      response: { 200: contractCountsSchema },
    },
    handler: async (request) => contracts.counts(requireActor(request), request.query),
  });

  app.post('/contracts', {
    onRequest: access('contract:manage'),
    schema: {
      tags,
      security,
      summary: "Create a draft from a template for a project's client (client kind) or team lead or member (team kind)",
      body: createContractInput,
      response: { 201: contractResponse, ...errorResponses(409, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ contract: await contracts.create(requireActor(request), request.body, requestInfo(request)) }),
  });

  app.get('/contracts/:id', {
    onRequest: access('contract:read'),
    schema: { tags, security, summary: 'One contract with its document', params: idParams, response: { 200: contractResponse } },
    handler: async (request) => ({ contract: await contracts.get(requireActor(request), request.params.id) }),
  });

  app.patch('/contracts/:id', {
    onRequest: access('contract:manage'),
    schema: {
      tags,
      security,
      summary: "Edit a draft's title or Markdown body (409 once sent)",
      params: idParams,
      body: updateContractInput,
      response: { 200: contractResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({
      contract: await contracts.update(requireActor(request), request.params.id, request.body, requestInfo(request)),
    }),
  });

  app.post('/contracts/:id/send', {
    onRequest: access('contract:manage'),
    schema: {
      tags,
      security,
      summary: 'Send a draft for signature: the body is rendered and frozen, and its SHA-256 kept',
      params: idParams,
      body: sendContractInput,
      response: { 200: contractResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({
      contract: await contracts.send(requireActor(request), request.params.id, request.body, requestInfo(request)),
    }),
  });

  app.post('/contracts/:id/void', {
    onRequest: access('contract:manage'),
    schema: {
      tags,
      security,
      summary: 'Void a draft or a sent contract, with a reason',
      params: idParams,
      body: voidContractInput,
      response: { 200: contractResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({
      contract: await contracts.void(requireActor(request), request.params.id, request.body.reason, requestInfo(request)),
    }),
  });

  app.post('/contracts/:id/remind', {
    onRequest: access('contract:manage'),
    schema: {
      tags,
      security,
      summary: 'Remind the signer of a contract awaiting signature (in-app and by e-mail)',
      params: idParams,
      response: { 200: contractResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ contract: await contracts.remind(requireActor(request), request.params.id, requestInfo(request)) }),
  });

  app.post('/contracts/:id/view', {
    onRequest: access('contract:sign'),
    schema: {
      tags,
      security,
      summary: 'The signer opened the contract: records `viewed_at` once (while it awaits signature)',
      params: idParams,
      response: { 200: contractResponse },
    },
    handler: async (request) => ({
      contract: await contracts.markViewed(requireActor(request), request.params.id, requestInfo(request)),
    }),
  });

  app.post('/contracts/:id/sign', {
    onRequest: access('contract:sign'),
    schema: {
      tags,
      security,
      summary: 'Sign (the signer only, while it awaits signature): typed name, optional drawn PNG, consent; 409 when already signed',
      params: idParams,
      body: signContractInput,
      response: { 200: contractResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({
      contract: await contracts.sign(requireActor(request), request.params.id, request.body, requestInfo(request)),
    }),
  });

  app.get('/contracts/:id/audit', {
    onRequest: access('contract:download'),
    schema: {
      tags,
      security,
      summary: 'The audit trail: created, sent, viewed, reminded, signed, voided, expired; who, when, IP, user agent',
      params: idParams,
      response: { 200: z.object({ items: z.array(contractEventSchema) }) },
    },
    handler: async (request) => ({ items: await contracts.audit(requireActor(request), request.params.id) }),
  });

  app.get('/contracts/:id/pdf', {
    onRequest: access('contract:download'),
    schema: {
      tags,
      security,
      summary:
        'The PDF: the sealed one once signed (its hash checked on every download), otherwise a preview marked "not signed"; only with the bearer header of its signer or staff (no link opens it on its own)',
      params: idParams,
      querystring: z.object({ download: z.enum(['1', '0']).optional() }),
      produces: ['application/pdf'],
      response: fileResponse,
    },
    handler: async (request, reply) => {
      const doc = await contracts.pdf(requireActor(request), request.params.id);
      return sendPdf(reply, doc, request.query.download === '1');
    },
  });
};
