import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import { errorResponses } from '../../lib/api-docs.js';
import type { InboundMailService } from './service.js';

const tags = ['Inbound mail'];

function secretMatches(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

export const inboundMailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; inbound: InboundMailService }> = async (app, { ctx, inbound }) => {
  // The raw message is kept as bytes: mailparser reads its headers, parts and encodings itself.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    ['message/rfc822', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: ctx.config.inbound.maxBytes + 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post('/inbound-email', {
    config: { rateLimit: { ...doorLimit(6000, 60_000, 'ip'), groupId: 'inbound-email' } },
    // The secret is checked before the body is read.
    onRequest: (request, _reply, done) => {
      const header = request.headers.authorization;
      const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      const given = bearer ?? (request.headers['x-inbound-secret'] as string | undefined);
      done(
        secretMatches(ctx.config.inbound.secret, given) ? undefined : new AppError('UNAUTHENTICATED', 'A valid inbound e-mail secret is required'),
      );
    },
    schema: {
      tags,
      summary:
        "A provider's inbound webhook: the raw RFC 822 message (message/rfc822 or text/plain), authenticated by INBOUND_EMAIL_SECRET (Authorization: Bearer, or X-Inbound-Secret). A reply to a chat e-mail is posted into its conversation; anything else is refused and its sender gets one bounce.",
      response: {
        200: z.object({
          status: z.enum(['posted', 'refused']),
          message_id: z.number().optional(),
          conversation_id: z.string().optional(),
          reason: z.string().optional(),
        }),
        ...errorResponses(400, 401, 413, 415),
      },
    },
    handler: async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError('BAD_REQUEST', 'The body must be the raw e-mail (message/rfc822)');
      return inbound.receive(raw);
    },
  });
};
