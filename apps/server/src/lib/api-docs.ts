import { errorBodySchema } from '@agency/schema';
import { z } from 'zod';

export type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

const STATUS_TEXT: Record<Status, string> = {
  400: 'The input is not valid (`VALIDATION_FAILED`, `BAD_REQUEST`)',
  401: 'Not signed in, or the session ended (`UNAUTHENTICATED`)',
  403: 'Signed in, but this role or person may not do this (`FORBIDDEN`)',
  404: 'No such record, or one the caller may not know about (`NOT_FOUND`)',
  409: 'The record is not in a state that allows this (`INVALID_TRANSITION`, `STALE_STATE`, `CONFLICT`, `WIP_LIMIT`, `BOARD_CLOSED`, `COLUMN_NOT_EMPTY`)',
  413: 'Too large (`PAYLOAD_TOO_LARGE`)',
  415: 'Wrong content type (`UNSUPPORTED_MEDIA_TYPE`)',
  422: 'Understood, but the referenced records do not fit (`UNPROCESSABLE`)',
  429: 'Too many requests or sign-in attempts; see Retry-After (`RATE_LIMITED`, `TOO_MANY_ATTEMPTS`)',
  500: 'Unexpected server error (`INTERNAL`)',
  502: 'The payment provider failed or could not be reached (`PAYMENT_PROVIDER_ERROR`)',
  503: 'A dependency is unavailable (`UNAVAILABLE`)',
};

/** The error body described for each status, made once: every route shares them (a start names them hundreds of times). */
const describedErrors = new Map<Status, ReturnType<typeof errorBodySchema.describe>>();

/** Extra error answers a route declares beside the ones every route of its kind gets. */
export function errorResponses(...statuses: Status[]) {
  return Object.fromEntries(
    statuses.map((s) => {
      let schema = describedErrors.get(s);
      if (!schema) describedErrors.set(s, (schema = errorBodySchema.describe(STATUS_TEXT[s])));
      return [s, schema];
    }),
  );
}

/** The 200 answer of a file download: the bytes, with the file's own content type. */
export const fileResponse = { 200: z.any().meta({ type: 'string', format: 'binary' }).describe("The file's bytes, sent with its own content type") };

/** A stable operationId from method and path: `GET /api/projects/:id/activity` -> `getProjectsByIdActivity`. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const safeInt = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The query of a signed download link (`lib/signed-url.ts`); parts missing or malformed make the link invalid, never a 500. */
/** `sid` is a session's id, or minus an API token's (core/actor.ts). */
const signedBy = z.coerce.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const signedQuery = z.object({ expires: safeInt.optional(), sid: signedBy.optional(), sig: z.string().max(100).optional() });
