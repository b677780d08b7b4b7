import {
  type Board,
  boardColumnSchema,
  boardSchema,
  boardSummarySchema,
  cardCommentSchema,
  cardSchema,
  createCardInput,
  createColumnInput,
  createCommentInput,
  deleteCardQuery,
  idParam,
  moveCardInput,
  moveColumnInput,
  myCardSchema,
  projectProgressSchema,
  updateCardInput,
  updateColumnInput,
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
import { cardAttachmentDownloadPath, type BoardService } from './service.js';

const tags = ['board'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const cardResponse = z.object({ card: cardSchema });
const columnResponse = z.object({ column: boardColumnSchema.omit({ cards: true }) });

export const boardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; board: BoardService; auth: AuthService; storage: StorageService }> = async (
  app,
  { ctx, board, auth, storage },
) => {
  app.get('/projects/:id/board', {
    onRequest: access('board:read'),
    schema: {
      tags,
      security,
      summary: "A project's board: columns in order with their WIP limits and cards (the team and staff only)",
      params: idParams,
      response: { 200: boardSchema },
    },
    // The service hands over the JSON text itself (built by the database); a string is sent as it is.
    handler: async (request, reply) =>
      reply.type('application/json; charset=utf-8').send((await board.boardJson(requireActor(request), request.params.id)) as unknown as Board),
  });

  app.get('/projects/:id/progress', {
    onRequest: access('project:read'),
    schema: {
      tags,
      security,
      summary: 'Board progress of a project: cards per column and done of total, never the cards (the client sees this)',
      params: idParams,
      response: { 200: projectProgressSchema },
    },
    handler: async (request) => board.progress(requireActor(request), request.params.id),
  });

  app.post('/projects/:id/board/cards', {
    onRequest: access('board:edit'),
    schema: {
      tags,
      security,
      summary: 'Add a card at the end of a column (409 WIP_LIMIT when the column is full)',
      params: idParams,
      body: createCardInput,
      response: { 201: cardResponse },
    },
    handler: async (request, reply) => reply.code(201).send({ card: await board.createCard(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/projects/:id/board/columns', {
    onRequest: access('board:manage_columns'),
    schema: {
      tags,
      security,
      summary: 'Add a column (by default just before the last, done, column)',
      params: idParams,
      body: createColumnInput,
      response: { 201: columnResponse },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ column: await board.createColumn(requireActor(request), request.params.id, request.body) }),
  });

  app.patch('/board/columns/:id', {
    onRequest: access('board:manage_columns'),
    schema: {
      tags,
      security,
      summary: 'Rename a column or set its WIP limit (null: none)',
      params: idParams,
      body: updateColumnInput,
      response: { 200: columnResponse },
    },
    handler: async (request) => ({ column: await board.updateColumn(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/board/columns/:id/move', {
    onRequest: access('board:manage_columns'),
    schema: {
      tags,
      security,
      summary: 'Reorder a column; the last column is the done column',
      params: idParams,
      body: moveColumnInput,
      response: { 200: columnResponse },
    },
    handler: async (request) => ({ column: await board.moveColumn(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/board/columns/:id', {
    onRequest: access('board:manage_columns'),
    schema: { tags, security, summary: 'Delete an empty column (409 COLUMN_NOT_EMPTY otherwise)', params: idParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await board.deleteColumn(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/board/my-cards', {
    onRequest: access('board:overview'),
    schema: {
      tags,
      security,
      summary: "The caller's open cards across their projects, overdue and due soon first",
      response: { 200: z.object({ items: z.array(myCardSchema) }) },
    },
    handler: async (request) => ({ items: await board.myCards(requireActor(request)) }),
  });

  app.get('/board/summaries', {
    onRequest: access('board:overview'),
    schema: {
      tags,
      security,
      summary: 'Each open project board the caller works on (staff: all): cards per column, done, overdue, unassigned',
      response: { 200: z.object({ items: z.array(boardSummarySchema) }) },
    },
    handler: async (request) => ({ items: await board.summaries(requireActor(request)) }),
  });

  app.get('/board/cards/:id', {
    onRequest: access('board:read'),
    schema: {
      tags,
      security,
      summary: 'One card with its description, checklist, comments, attachments and activity',
      params: idParams,
      response: { 200: cardResponse },
    },
    handler: async (request) => ({ card: await board.getCard(requireActor(request), request.params.id) }),
  });

  app.patch('/board/cards/:id', {
    onRequest: access('board:edit'),
    schema: {
      tags,
      security,
      summary: "Edit a card; `version` must be the card's current one (409 STALE_STATE otherwise)",
      params: idParams,
      body: updateCardInput,
      response: { 200: cardResponse },
    },
    handler: async (request) => ({ card: await board.updateCard(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/board/cards/:id', {
    onRequest: access('board:edit'),
    schema: {
      tags,
      security,
      summary: "Delete a card (its creator, the project's team lead or staff); `version` as for edits",
      params: idParams,
      querystring: deleteCardQuery,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await board.deleteCard(requireActor(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/board/cards/:id/move', {
    onRequest: access('board:edit'),
    schema: {
      tags,
      security,
      summary: 'Move a card within or across the columns of its board; one row is written (409 WIP_LIMIT, 409 STALE_STATE)',
      params: idParams,
      body: moveCardInput,
      response: { 200: cardResponse },
    },
    handler: async (request) => ({ card: await board.moveCard(requireActor(request), request.params.id, request.body) }),
  });

  app.post('/board/cards/:id/comments', {
    config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.messagesPerMinute, 60_000), groupId: 'card-comments' } },
    onRequest: access('board:edit'),
    schema: {
      tags,
      security,
      summary: 'Comment on a card',
      params: idParams,
      body: createCommentInput,
      response: { 201: z.object({ comment: cardCommentSchema }) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ comment: await board.addComment(requireActor(request), request.params.id, request.body.body) }),
  });

  await withMultipart(app, (uploads) => {
    uploads.post('/board/cards/:id/attachments', {
      config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.uploadsPerHour, 3_600_000), groupId: 'uploads' } },
      onRequest: access('board:edit'),
      schema: {
        tags,
        security,
        summary: 'Attach files to a card (multipart; at most 10 files of 10 MB each per card, within the storage quota)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: cardResponse },
      },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        const { existing } = await board.assertMayAttach(actor, request.params.id);
        const { maxFiles, maxBytes } = board.limits;
        const remaining = maxFiles - existing;
        if (remaining <= 0) throw new AppError('PAYLOAD_TOO_LARGE', `A card can have at most ${maxFiles} attachments`);
        const quotaBytes = await storage.remainingQuota(actor);
        assertDeclaredLength(request, remaining, maxBytes, quotaBytes);
        const upload = await streamUploads(request, ctx.storage, { maxFiles: remaining, maxBytes, quotaBytes });
        try {
          return reply.code(201).send({ card: await board.recordAttachments(actor, request.params.id, upload.files) });
        } catch (err) {
          await upload.discard();
          throw err;
        }
      },
    });
  });

  app.delete('/board/cards/:id/attachments/:attachmentId', {
    onRequest: access('board:edit'),
    schema: {
      tags,
      security,
      summary: 'Remove a file from a card',
      params: z.object({ id: idParam, attachmentId: idParam }),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await board.removeAttachment(requireActor(request), request.params.id, request.params.attachmentId);
      return reply.code(204).send(null);
    },
  });

  app.get('/board/cards/:id/attachments/:attachmentId/download', {
    schema: {
      tags,
      summary: 'Download a card attachment through its short-lived signed URL',
      produces: ['application/octet-stream'],
      response: fileResponse,
      params: z.object({ id: idParam, attachmentId: idParam }),
      querystring: signedQuery,
    },
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const sessionId = readSignedUrl(ctx.signingKey, cardAttachmentDownloadPath(id, attachmentId), request.query, ctx.now());
      if (sessionId === null || !(await auth.isSessionLive(sessionId))) throw new AppError('LINK_INVALID');
      const file = await board.findAttachment(id, attachmentId);
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
