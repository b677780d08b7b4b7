import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** One table: every application error code and the status it is answered with everywhere. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  SETUP_KEY_REQUIRED: 403,
  NOT_FOUND: 404,
  INVITATION_INVALID: 404,
  EMAIL_TAKEN: 409,
  INVALID_TRANSITION: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid',
  BAD_REQUEST: 'The request is not valid',
  UNAUTHENTICATED: 'Sign in to continue',
  INVALID_CREDENTIALS: 'Invalid email or password',
  FORBIDDEN: 'You do not have permission to do this',
  SETUP_KEY_REQUIRED: 'A super admin already exists; a valid setup key is required',
  NOT_FOUND: 'Not found',
  INVITATION_INVALID: 'This invitation link is invalid or has expired',
  EMAIL_TAKEN: 'An account with this e-mail already exists',
  INVALID_TRANSITION: 'This change is not allowed in the current state',
  CONFLICT: 'The request conflicts with the current state',
  PAYLOAD_TOO_LARGE: 'The upload is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  UNPROCESSABLE: 'The request could not be processed',
  TOO_MANY_ATTEMPTS: 'Too many attempts; try again later',
  INTERNAL: 'Something went wrong on our side',
  UNAVAILABLE: 'Service unavailable',
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.status = ERROR_STATUS[code];
  }
}

function fieldLabel(path: PropertyKey[]): string {
  return path.length ? `${path.map(String).join('.')}: ` : '';
}

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
      return reply.code(413).send({ error: DEFAULT_MESSAGES.PAYLOAD_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return reply.code(415).send({ error: DEFAULT_MESSAGES.UNSUPPORTED_MEDIA_TYPE, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message || DEFAULT_MESSAGES.BAD_REQUEST, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: DEFAULT_MESSAGES.INTERNAL, code: 'INTERNAL' });
  });
}
