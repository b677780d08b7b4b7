import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessage } from '../core/errors.js';
import { isDatabaseUnavailable } from '../core/unavailable.js';
import { safeErrorMessage } from '../lib/log-safety.js';

function fieldLabel(path: PropertyKey[]): string {
  return path.length ? `${path.map(String).join('.')}: ` : '';
}

/** Every error leaves as `{error, code}` with the status of its code (one table, packages/schema errors.ts). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({ error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first.instancePath.replace(/^\//, '').split('/').filter(Boolean);
      const message = `${fieldLabel(path)}${first.message}`;
      return reply.code(400).send({ error: message, code: 'VALIDATION_FAILED' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: defaultMessage('PAYLOAD_TOO_LARGE'), code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return reply.code(415).send({ error: defaultMessage('UNSUPPORTED_MEDIA_TYPE'), code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message || defaultMessage('BAD_REQUEST'), code: 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      // Not `error.message`: a failed query's message carries its parameters (a sign-up's password hash among them).
      request.log.warn({ error: safeErrorMessage(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: 'The database is unavailable; try again in a few seconds', code: 'DATABASE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: defaultMessage('INTERNAL'), code: 'INTERNAL' });
  });
}
