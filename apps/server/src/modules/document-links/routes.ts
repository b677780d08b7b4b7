import { idParam } from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import { access, requireActor, requireSignIn } from '../../lib/route-guards.js';
import type { DocumentLinkService } from './service.js';

const tags = ['document links'];
const security = [{ bearer: [] }];
const kind = z.enum(['proposal', 'contract', 'invoice']);
const documentRef = z.object({ kind, id: z.string() });
const linkSchema = z.object({
  id: z.string(),
  kind,
  document_id: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  active: z.boolean(),
});

export const documentLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; links: DocumentLinkService }> = async (app, { links }) => {
  app.post('/document-links/redeem', {
    config: { rateLimit: { ...doorLimit(30, 60_000, 'ip'), groupId: 'document-link-redeem' } },
    schema: {
      tags,
      summary:
        'Open a document from its e-mailed link (/d/<token>): a session that can view, sign or pay that one document (every other route answers 401); 404 LINK_INVALID when expired, revoked or forged',
      body: z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) }),
      response: { 200: z.object({ session_token: z.string(), document: documentRef }) },
    },
    handler: async (request) =>
      links.redeem(request.body.token, { ip: request.ip ?? null, userAgent: (request.headers['user-agent'] as string | undefined) ?? null }),
  });

  app.get('/document-links/current', {
    onRequest: requireSignIn,
    schema: {
      tags,
      security,
      summary: 'The document a session opened from an e-mailed link may reach (404 for any other session)',
      response: { 200: z.object({ document: documentRef, code_required_to_sign: z.boolean() }) },
    },
    handler: async (request) => links.current(requireActor(request)),
  });

  app.post('/document-links/code', {
    onRequest: requireSignIn,
    config: { rateLimit: { ...doorLimit(5, 10 * 60_000), groupId: 'document-link-code' } },
    schema: {
      tags,
      security,
      summary: 'E-mail the addressee a 6-digit code, asked (as `code`) before signing through an e-mailed link; 403 for a signed-in session',
      response: { 202: z.object({ sent_to: z.string(), expires_in_seconds: z.number() }) },
    },
    handler: async (request, reply) => reply.code(202).send(await links.requestCode(requireActor(request))),
  });

  app.get('/document-links', {
    onRequest: access('document_link:manage'),
    schema: {
      tags,
      security,
      summary: "Staff: a document's e-mailed links, newest first",
      querystring: z.object({ kind, document_id: idParam }),
      response: { 200: z.object({ items: z.array(linkSchema) }) },
    },
    handler: async (request) => links.list(requireActor(request), request.query),
  });

  app.delete('/document-links/:id', {
    onRequest: access('document_link:manage'),
    schema: {
      tags,
      security,
      summary: 'Staff: revoke an e-mailed link; the sessions opened from it end at once',
      params: z.object({ id: idParam }),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await links.revoke(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
