import {
  conversationSchema,
  conversationsQuery,
  messageSchema,
  pollQuery,
  sendMessageInput,
  threadQuery,
  uploadedAttachmentSchema,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  idParam,
} from '@agency/schema';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import { attachmentPath, EMPTY_POLL_ANSWER, type MessagingSide, type MessagingService } from './service.js';
import { parseSendBody, type StreamedFile } from './streaming-body.js';

const security = [{ bearer: [] }];

const SINCE_ID = /^(0|[1-9]\d{0,14})$/;
const LIMIT = /^[1-9]\d{0,8}$/;

/** An answer the service wrote as JSON itself (the polls, the inbox): sent as it is, not serialised again. */
function sendWrittenJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

/**
 * The hot path of the polls (every open chat asks every few seconds, and nearly always hears nothing): a poll from an
 * id newer than anything this person has, which the service knows from a moment ago, is answered by the route's first
 * own hook, before the input checks, the handler and the serialiser, with the answer they would give. Only a query
 * in its plain form takes it (the caller's own user_id, since_id and limit as digits, nothing else); anything else,
 * valid or not, goes the usual way. The cross-cutting hooks (bearer, access, security headers, metrics) still run.
 */
function answerEmptyPoll(messaging: MessagingService) {
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const actor = request.actor;
    const query = request.query as Record<string, unknown>;
    if (actor !== null && query.user_id === String(actor.id) && typeof query.since_id === 'string' && SINCE_ID.test(query.since_id)) {
      let plain = query.limit === undefined || (typeof query.limit === 'string' && LIMIT.test(query.limit));
      for (const key in query) if (key !== 'user_id' && key !== 'since_id' && key !== 'limit') plain = false;
      if (plain && messaging.nothingNewer(actor, Number(query.since_id))) {
        sendWrittenJson(reply, EMPTY_POLL_ANSWER);
        return;
      }
    }
    done();
  };
}
const idParams = z.object({ id: idParam });
// SPEC's send body carries files as data URLs: 10 files of 10 MB grow by a third in base64, plus the JSON around them.
/** Counts the bytes of a body as they pass, and fails the stream past `max` (a missing or false Content-Length). */
function limitBytes(source: Readable, max: number): Readable {
  let seen = 0;
  const counted = new PassThrough();
  source.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > max) {
      const err = new AppError('PAYLOAD_TOO_LARGE', 'The message is too large');
      source.destroy(err);
      counted.destroy(err);
    }
  });
  source.on('error', (err) => counted.destroy(err));
  source.pipe(counted);
  return counted;
}

const SEND_BODY_LIMIT = Math.ceil(MAX_ATTACHMENTS_PER_MESSAGE * MAX_ATTACHMENT_BYTES * 1.34) + 1024 * 1024;

/** SPEC section 7 for one side: the super admin under /superadmin, the client mirror under /client. */
function sideRoutes(side: MessagingSide): FastifyPluginAsyncZod<{ ctx: AppContext; messaging: MessagingService; storage: StorageService }> {
  return async (app, { ctx, messaging: m, storage }) => {
    const tags = [`messaging (${side})`];
    app.addHook('onRequest', access(side === 'superadmin' ? 'messaging:superadmin' : 'messaging:client'));

    app.get('/conversations', {
      // Hot answers (the inbox and the polls): serialised by code compiled once from the schema.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags,
        security,
        summary:
          side === 'superadmin'
            ? 'The inbox: conversations with at least one message, newest first'
            : "One conversation for each of the client's projects",
        querystring: conversationsQuery,
        response: { 200: z.object({ error: z.string().optional(), conversations: z.array(conversationSchema) }) },
      },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        if (side === 'client') return { conversations: await m.listConversations(actor, request.query.user_id) };
        return sendWrittenJson(reply, await m.inbox(actor, request.query.user_id));
      },
    });

    app.get('/messages/thread', {
      // Hot answers (the inbox and the polls): serialised by code compiled once from the schema.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags,
        security,
        summary: 'Every message of one conversation, oldest first',
        querystring: threadQuery,
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
      handler: async (request) => ({ messages: await m.thread(requireActor(request), side, request.query.conversation_id) }),
    });

    app.get('/get-all-messages', {
      onRequest: answerEmptyPoll(m),
      // Hot answers (the inbox and the polls): serialised by code compiled once from the schema.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags,
        security,
        summary: "The caller's messages after since_id, oldest first (limit capped at 200)",
        querystring: pollQuery,
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
      handler: async (request, reply) => {
        return sendWrittenJson(reply, await m.poll(requireActor(request), side, request.query));
      },
    });

    app.put('/messages/:id/delivered', {
      schema: {
        tags,
        security,
        summary: 'The receiver marks a message delivered',
        params: idParams,
        response: { 200: z.object({ message: messageSchema }) },
      },
      handler: async (request) => ({ message: await m.mark(requireActor(request), side, request.params.id, 'delivered') }),
    });

    app.put('/messages/:id/read', {
      schema: {
        tags,
        security,
        summary: 'The receiver marks a message read',
        params: idParams,
        response: { 200: z.object({ message: messageSchema }) },
      },
      handler: async (request) => ({ message: await m.mark(requireActor(request), side, request.params.id, 'read') }),
    });

    // In a context of its own: its JSON parser streams inline data URLs to storage (streaming-body.ts).
    await app.register(async (sending) => {
      const stored = new WeakMap<object, StreamedFile[]>();
      sending.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > SEND_BODY_LIMIT) throw new AppError('PAYLOAD_TOO_LARGE', 'The message is too large');
        const files: StreamedFile[] = [];
        stored.set(request, files);
        const quotaBytes = request.actor ? await storage.remainingQuota(request.actor) : 0;
        return parseSendBody(limitBytes(payload, SEND_BODY_LIMIT), ctx.storage, (file) => files.push(file) - 1, quotaBytes);
      });
      // A refused or failed send leaves nothing of its files behind.
      sending.addHook('onResponse', async (request, reply) => {
        const files = stored.get(request) ?? [];
        if (reply.statusCode >= 400 && files.length) await m.discardStreamed(files.map((f) => f.storedFilename));
      });

      sending.withTypeProvider<ZodTypeProvider>().post('/send-message', {
        config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.messagesPerMinute, 60_000), groupId: 'send-message' } },
        schema: {
          tags,
          security,
          summary: 'Send a message; attachments as data URLs (SPEC, decoded as they arrive) or as references to streamed uploads',
          body: sendMessageInput,
          response: { 201: z.object({ message: messageSchema }) },
        },
        handler: async (request, reply) => {
          const files = stored.get(request) ?? [];
          return reply.code(201).send({ message: await m.send(requireActor(request), side, request.body, files) });
        },
      });
    });
  };
}

export const messagingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  messaging: MessagingService;
  auth: AuthService;
  storage: StorageService;
}> = async (app, { ctx, messaging, auth, storage }) => {
  await app.register(sideRoutes('superadmin'), { prefix: '/superadmin', ctx, messaging, storage });
  await app.register(sideRoutes('client'), { prefix: '/client', ctx, messaging, storage });

  app.get('/messages/unread-count', {
    onRequest: access('messaging:use'),
    schema: { tags: ['messaging'], security, summary: 'Messages received and not yet read', response: { 200: z.object({ count: z.number() }) } },
    handler: async (request) => ({ count: await messaging.unreadCount(requireActor(request)) }),
  });

  await withMultipart(app, (uploads) => {
    uploads.post('/messages/uploads', {
      config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.uploadsPerHour, 3_600_000), groupId: 'uploads' } },
      onRequest: access('messaging:use'),
      schema: {
        tags: ['messaging'],
        security,
        summary: 'Stream files up (multipart) before sending the message that refers to them',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ attachments: z.array(uploadedAttachmentSchema) }) },
      },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        const limits = { maxFiles: MAX_ATTACHMENTS_PER_MESSAGE, maxBytes: MAX_ATTACHMENT_BYTES };
        const quotaBytes = await storage.remainingQuota(actor);
        assertDeclaredLength(request, limits.maxFiles, limits.maxBytes, quotaBytes);
        const upload = await streamUploads(request, ctx.storage, { ...limits, quotaBytes });
        try {
          return reply.code(201).send({ attachments: await messaging.recordUploads(actor, upload.files) });
        } catch (err) {
          await upload.discard();
          throw err;
        }
      },
    });
  });

  app.get('/messages/attachments/:stored_filename', {
    schema: {
      tags: ['messaging'],
      summary: 'Download an attachment: with its signed URL, or with the bearer header of the sender or receiver',
      produces: ['application/octet-stream'],
      response: fileResponse,
      params: z.object({ stored_filename: z.string().regex(/^[A-Za-z0-9-]+(\.[a-z0-9]+)?$/, 'Attachment not found') }),
      querystring: signedQuery,
    },
    handler: async (request, reply) => {
      const { stored_filename } = request.params;
      const sessionId = readSignedUrl(ctx.signingKey, attachmentPath(stored_filename), request.query, ctx.now());
      // A link is as good as the session that minted it: it dies at logout, disabling or expiry.
      const signed = sessionId !== null && (await auth.isSessionLive(sessionId));
      if (!signed && !request.actor) throw new AppError('NOT_FOUND', 'Attachment not found');
      const file = await messaging.findAttachmentFor(signed ? null : request.actor, stored_filename);
      const stream = file ? await ctx.storage.read(file.stored_filename) : null;
      // A stranger is told nothing: the same 404 as for a file that does not exist.
      if (!file || !stream) throw new AppError('NOT_FOUND', 'Attachment not found');
      const disposition = isInlineImage(file.mime) ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  });
};
