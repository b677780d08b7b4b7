import {
  approveProjectInput,
  changeProjectStatusInput,
  createProjectInput,
  pageOf,
  pageQuery,
  projectEventSchema,
  projectListItemSchema,
  projectSchema,
  projectStatusSchema,
  projectSummarySchema,
  rejectProjectInput,
  idParam,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isInlineImage } from '../../lib/file-type.js';
import { readSignedUrl } from '../../lib/signed-url.js';
import { assertDeclaredLength, streamUploads, withMultipart } from '../../integrations/uploads.js';
import { access, requireActor } from '../../lib/route-guards.js';
import { AppError } from '../../core/errors.js';
import { doorLimit } from '../../lib/door-limit.js';
import type { AuthService } from '../auth/service.js';
import type { StorageService } from '../storage/service.js';
import { fileResponse, signedQuery } from '../../lib/api-docs.js';
import { attachmentDownloadPath } from './helpers.js';
import type { ProjectService } from './service.js';

const tags = ['projects'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const projectResponse = z.object({ project: projectSchema });

export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; projects: ProjectService; auth: AuthService; storage: StorageService }> = async (
  app,
  { ctx, projects, auth, storage },
) => {
  app.post('/projects', {
    onRequest: access('project:create'),
    schema: { tags, security, summary: 'A client asks for a project', body: createProjectInput, response: { 201: projectResponse } },
    handler: async (request, reply) => reply.code(201).send({ project: await projects.create(requireActor(request), request.body) }),
  });

  app.get('/projects', {
    onRequest: access('project:list'),
    schema: {
      tags,
      security,
      summary: 'Projects the caller may see (own, all, or the ones they work on), paginated',
      querystring: pageQuery.extend({
        status: projectStatusSchema.optional(),
        q: z.string().max(100).optional(),
        order: z.enum(['newest', 'oldest']).optional(),
      }),
      response: { 200: pageOf(projectListItemSchema) },
    },
    handler: async (request) => projects.list(requireActor(request), request.query),
  });

  app.get('/projects/summary', {
    onRequest: access('project:list'),
    schema: { tags, security, summary: 'Counts by status, what needs attention and recent activity', response: { 200: projectSummarySchema } },
    handler: async (request) => projects.summary(requireActor(request)),
  });

  app.get('/projects/:id', {
    onRequest: access('project:read'),
    schema: { tags, security, summary: 'One project with its team and attachments', params: idParams, response: { 200: projectResponse } },
    handler: async (request) => ({ project: await projects.get(requireActor(request), request.params.id) }),
  });

  app.get('/projects/:id/activity', {
    onRequest: access('project:read'),
    schema: {
      tags,
      security,
      summary: "The project's activity timeline, oldest first",
      params: idParams,
      response: { 200: z.object({ items: z.array(projectEventSchema) }) },
    },
    handler: async (request) => ({ items: await projects.activity(requireActor(request), request.params.id) }),
  });

  app.post('/projects/:id/approve', {
    onRequest: access('project:approve'),
    schema: {
      tags,
      security,
      summary: 'Approve a pending project and staff it',
      params: idParams,
      body: approveProjectInput,
      response: { 200: projectResponse },
    },
    handler: async (request) => ({ project: await projects.approve(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/projects/:id/reject', {
    onRequest: access('project:reject'),
    schema: {
      tags,
      security,
      summary: 'Reject a pending project with a reason',
      params: idParams,
      body: rejectProjectInput,
      response: { 200: projectResponse },
    },
    handler: async (request) => ({ project: await projects.reject(requireActor(request), request.params.id, request.body.reason) }),
  });

  app.post('/projects/:id/status', {
    onRequest: access('project:change_status'),
    schema: {
      tags,
      security,
      summary: 'Start, complete or cancel a project (illegal transitions answer 409)',
      params: idParams,
      body: changeProjectStatusInput,
      response: { 200: projectResponse },
    },
    handler: async (request) => ({ project: await projects.changeStatus(requireActor(request), request.params.id, request.body) }),
  });

  await withMultipart(app, (uploads) => {
    uploads.post('/projects/:id/attachments', {
      config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.uploadsPerHour, 3_600_000), groupId: 'uploads' } },
      onRequest: access('project:upload'),
      schema: {
        tags,
        security,
        summary: 'Upload files to a project (multipart; at most 10 files of 10 MB each per project)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: projectResponse },
      },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        const { existing } = await projects.assertMayUpload(actor, request.params.id);
        const { maxFiles, maxBytes } = projects.limits;
        const remaining = maxFiles - existing;
        if (remaining <= 0) throw new AppError('PAYLOAD_TOO_LARGE', `A project can have at most ${maxFiles} attachments`);
        const quotaBytes = await storage.remainingQuota(actor);
        assertDeclaredLength(request, remaining, maxBytes, quotaBytes);
        const upload = await streamUploads(request, ctx.storage, { maxFiles: remaining, maxBytes, quotaBytes });
        try {
          await projects.recordAttachments(actor, request.params.id, upload.files);
        } catch (err) {
          await upload.discard();
          throw err;
        }
        return reply.code(201).send({ project: await projects.get(actor, request.params.id) });
      },
    });
  });

  app.get('/projects/:id/attachments/:attachmentId/download', {
    schema: {
      tags,
      summary: 'Download a project attachment through its short-lived signed URL',
      produces: ['application/octet-stream'],
      response: fileResponse,
      params: z.object({ id: idParam, attachmentId: idParam }),
      querystring: signedQuery,
    },
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const sessionId = readSignedUrl(ctx.signingKey, attachmentDownloadPath(id, attachmentId), request.query, ctx.now());
      if (sessionId === null || !(await auth.isSessionLive(sessionId))) throw new AppError('LINK_INVALID');
      const file = await projects.findAttachment(id, attachmentId);
      const stream = await ctx.storage.read(file.storedFilename);
      if (!stream) throw new AppError('NOT_FOUND', 'Attachment not found');
      const disposition = isInlineImage(file.mime) ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  });
};
