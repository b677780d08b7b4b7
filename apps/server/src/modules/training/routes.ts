import {
  createTrainingMaterialInput,
  createTrainingModuleInput,
  idParam,
  moveTrainingMaterialInput,
  moveTrainingModuleInput,
  myTrainingModuleSchema,
  setTrainingAssignmentInput,
  trainingMaterialSchema,
  trainingModuleDetailSchema,
  trainingModuleSchema,
  trainingProgressSchema,
  updateTrainingMaterialInput,
  updateTrainingModuleInput,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../core/errors.js';
import { assertDeclaredLength, streamUploads, withMultipart } from '../../integrations/uploads.js';
import { fileResponse, signedQuery } from '../../lib/api-docs.js';
import { doorLimit } from '../../lib/door-limit.js';
import { isInlineImage } from '../../lib/file-type.js';
import { access, requireActor } from '../../lib/route-guards.js';
import { readSignedUrl } from '../../lib/signed-url.js';
import type { AuthService } from '../auth/service.js';
import type { StorageService } from '../storage/service.js';
import { trainingFileDownloadPath, type TrainingService } from './service.js';

const tags = ['training'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const moduleResponse = z.object({ module: trainingModuleSchema });
const materialResponse = z.object({ material: trainingMaterialSchema });

export const trainingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  training: TrainingService;
  auth: AuthService;
  storage: StorageService;
}> = async (app, { ctx, training, auth, storage }) => {
  app.get('/training/modules', {
    onRequest: access('training:manage'),
    schema: {
      tags,
      security,
      summary: 'Every training module in order, drafts included (staff)',
      response: { 200: z.object({ items: z.array(trainingModuleSchema) }) },
    },
    handler: async (request) => ({ items: await training.listModules(requireActor(request)) }),
  });

  app.post('/training/modules', {
    onRequest: access('training:manage'),
    schema: {
      tags,
      security,
      summary: 'Create a training module (a draft, at the end)',
      body: createTrainingModuleInput,
      response: { 201: moduleResponse },
    },
    handler: async (request, reply) => reply.code(201).send({ module: await training.createModule(requireActor(request), request.body) }),
  });

  app.get('/training/modules/:id', {
    onRequest: access('training:read'),
    schema: {
      tags,
      security,
      summary: 'A module with its materials in order (staff; employees once it is published and assigned to their role)',
      params: idParams,
      response: { 200: z.object({ module: trainingModuleDetailSchema }) },
    },
    handler: async (request) => ({ module: await training.getModule(requireActor(request), request.params.id) }),
  });

  app.patch('/training/modules/:id', {
    onRequest: access('training:manage'),
    schema: {
      tags,
      security,
      summary: 'Edit, publish or unpublish a module; publishing notifies the roles it is assigned to',
      params: idParams,
      body: updateTrainingModuleInput,
      response: { 200: moduleResponse },
    },
    handler: async (request) => ({ module: await training.updateModule(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/training/modules/:id', {
    onRequest: access('training:manage'),
    schema: { tags, security, summary: 'Delete a module with its materials and their files', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await training.deleteModule(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/training/modules/:id/move', {
    onRequest: access('training:manage'),
    schema: { tags, security, summary: 'Reorder a module', params: idParams, body: moveTrainingModuleInput, response: { 200: moduleResponse } },
    handler: async (request) => ({ module: await training.moveModule(requireActor(request), request.params.id, request.body) }),
  });

  app.put('/training/modules/:id/assignment', {
    onRequest: access('training:manage'),
    schema: {
      tags,
      security,
      summary:
        'Assign a module to team leads, team members or both, with an optional due date; newly assigned people are notified once it is published',
      params: idParams,
      body: setTrainingAssignmentInput,
      response: { 200: moduleResponse },
    },
    handler: async (request) => ({ module: await training.setAssignment(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/training/modules/:id/materials', {
    onRequest: access('training:manage'),
    schema: {
      tags,
      security,
      summary: 'Add a material (Markdown content and/or a video or article link; a file is uploaded separately)',
      params: idParams,
      body: createTrainingMaterialInput,
      response: { 201: materialResponse },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ material: await training.createMaterial(requireActor(request), request.params.id, request.body) }),
  });

  app.patch('/training/materials/:id', {
    onRequest: access('training:manage'),
    schema: { tags, security, summary: 'Edit a material', params: idParams, body: updateTrainingMaterialInput, response: { 200: materialResponse } },
    handler: async (request) => ({ material: await training.updateMaterial(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/training/materials/:id', {
    onRequest: access('training:manage'),
    schema: { tags, security, summary: 'Delete a material and its file', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await training.deleteMaterial(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/training/materials/:id/move', {
    onRequest: access('training:manage'),
    schema: {
      tags,
      security,
      summary: 'Reorder a material within its module',
      params: idParams,
      body: moveTrainingMaterialInput,
      response: { 200: materialResponse },
    },
    handler: async (request) => ({ material: await training.moveMaterial(requireActor(request), request.params.id, request.body) }),
  });

  await withMultipart(app, (uploads) => {
    uploads.post('/training/materials/:id/file', {
      config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.uploadsPerHour, 3_600_000), groupId: 'uploads' } },
      onRequest: access('training:manage'),
      schema: {
        tags,
        security,
        summary: "Upload the material's file (multipart, one file of at most 10 MB, within the storage quota); replaces the one before",
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: materialResponse },
      },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        await training.assertMayUpload(actor, request.params.id);
        const maxBytes = training.limits.maxBytes;
        const quotaBytes = await storage.remainingQuota(actor);
        assertDeclaredLength(request, 1, maxBytes, quotaBytes);
        const upload = await streamUploads(request, ctx.storage, { maxFiles: 1, maxBytes, quotaBytes });
        try {
          return reply.code(201).send({ material: await training.recordFile(actor, request.params.id, upload.files[0]) });
        } catch (err) {
          await upload.discard();
          throw err;
        }
      },
    });
  });

  app.get('/training/materials/:id/file', {
    schema: {
      tags,
      summary: "Download a material's file through its short-lived signed URL",
      produces: ['application/octet-stream'],
      response: fileResponse,
      params: idParams,
      querystring: signedQuery,
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const sessionId = readSignedUrl(ctx.signingKey, trainingFileDownloadPath(id), request.query, ctx.now());
      if (sessionId === null || !(await auth.isSessionLive(sessionId))) throw new AppError('LINK_INVALID');
      const file = await training.findFile(id);
      const stream = await ctx.storage.read(file.storedFilename);
      if (!stream) throw new AppError('NOT_FOUND', 'File not found');
      const disposition = isInlineImage(file.mime) || file.mime === 'application/pdf' ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  });

  app.post('/training/materials/:id/complete', {
    onRequest: access('training:complete'),
    schema: { tags, security, summary: 'Mark one of my materials complete', params: idParams, response: { 200: materialResponse } },
    handler: async (request) => ({ material: await training.setCompleted(requireActor(request), request.params.id, true) }),
  });

  app.delete('/training/materials/:id/complete', {
    onRequest: access('training:complete'),
    schema: { tags, security, summary: 'Mark one of my materials not complete again', params: idParams, response: { 200: materialResponse } },
    handler: async (request) => ({ material: await training.setCompleted(requireActor(request), request.params.id, false) }),
  });

  app.get('/training/my', {
    onRequest: access('training:mine'),
    schema: {
      tags,
      security,
      summary: 'My assigned training: published modules for my role, each material with my completion',
      response: { 200: z.object({ items: z.array(myTrainingModuleSchema) }) },
    },
    handler: async (request) => ({ items: await training.mine(requireActor(request)) }),
  });

  app.get('/training/progress', {
    onRequest: access('training:progress'),
    schema: {
      tags,
      security,
      summary: 'Progress per person and module: every employee for staff, their team for a team lead',
      response: { 200: trainingProgressSchema },
    },
    handler: async (request) => training.progress(requireActor(request)),
  });
};
