// The one way the web app talks to the API: JSON calls through fetch, file uploads through XMLHttpRequest (only it
// reports upload progress). Both send the stored bearer token, accept any 2xx, set no client-side timeout (SPEC
// section 9) and turn every other answer into an ApiError carrying the server's error code.
import { isErrorCode, type ErrorCode } from '@agency/schema';
import { readToken } from './storage';
import { apiErrorText, validationText } from './validation-text';

const API_BASE = '/api';

/** Failures with no server answer to take a code from: the server was not reached, or its 2xx was unreadable. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  /** The HTTP status, for logs; screens branch on `code`. 0 when no answer arrived. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The `error` field of the answer's body, when it had one. */
  readonly serverMessage: string | undefined;
  /** Seconds from the Retry-After header, when the server sent one (429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: { status: number; code: ApiErrorCode; message: string; serverMessage?: string; retryAfterSeconds?: number }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether a failure carries one of these codes: the only way screens tell failures apart. */
export function hasErrorCode(error: unknown, ...codes: readonly ApiErrorCode[]): error is ApiError {
  return isApiError(error) && codes.includes(error.code);
}

/**
 * Whether a failed load of one record means there is no such record for the viewer: an unknown or foreign id (404),
 * or a value that is not an id at all (`?id=abc` from a mangled link), which the server refuses as invalid input.
 */
export function isMissingRecord(error: unknown): boolean {
  return hasErrorCode(error, 'NOT_FOUND', 'VALIDATION_FAILED');
}

/** Failures that may pass on a second try: no answer, or the server's own trouble. A 4xx will answer the same. */
const RETRYABLE: readonly ApiErrorCode[] = ['NETWORK_ERROR', 'INTERNAL', 'UNAVAILABLE'];

export function isRetryable(error: unknown): boolean {
  return !isApiError(error) || RETRYABLE.includes(error.code);
}

/**
 * What a failure says to the reader, in their language: a generic server message or a failure without an answer by
 * its code, a specific message through the validation catalogue (as it came when the catalogue does not know it).
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return apiErrorText(error.code, error.message, error.serverMessage !== undefined);
  if (error instanceof Error && error.message) return validationText(error.message);
  return validationText('Something went wrong. Please try again.');
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The auth state registers here so that a call whose token the server no longer accepts signs the user out. */
export function setUnauthorizedListener(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

let enrolmentListener: (() => void) | null = null;

/**
 * Told when the server refuses a call until the person turns on two-factor authentication (REQUIRE_STAFF_2FA
 * switched on during a session): the auth state reads who is signed in again, and the guard sends them to enrol.
 */
export function setEnrolmentRequiredListener(listener: (() => void) | null): void {
  enrolmentListener = listener;
}

/**
 * The API answers every error with `{error, code}`. An answer without a known code (a proxy's error page) gets
 * the generic code of its status class, so that callers never need the status.
 */
function codeFor(status: number, bodyCode: unknown): ErrorCode {
  if (isErrorCode(bodyCode)) return bodyCode;
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_ATTEMPTS';
  if (status === 503) return 'UNAVAILABLE';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError a non-2xx answer stands for, code first from its body. */
function apiErrorOf(status: number, statusText: string, bodyText: string, retryAfter: string | null): ApiError {
  const body = parseJson(bodyText);
  const fields = typeof body === 'object' && body !== null ? (body as { error?: unknown; code?: unknown }) : {};
  const serverMessage = typeof fields.error === 'string' && fields.error !== '' ? fields.error : undefined;
  return new ApiError({
    status,
    code: codeFor(status, fields.code),
    message: serverMessage ?? `Request failed (${status}${statusText ? ` ${statusText}` : ''})`,
    serverMessage,
    retryAfterSeconds: parseRetryAfter(retryAfter),
  });
}

/** The ApiError for a non-2xx answer, and the sign-out when the token it carried is no longer accepted. */
function failure(status: number, statusText: string, bodyText: string, retryAfter: string | null, hadToken: boolean): ApiError {
  const error = apiErrorOf(status, statusText, bodyText, retryAfter);
  if (error.code === 'UNAUTHENTICATED' && hadToken) unauthorizedListener?.();
  if (error.code === 'MFA_ENROLMENT_REQUIRED') enrolmentListener?.();
  return error;
}

/**
 * The ApiError of a failed answer to a `fetch` made outside this module (the event stream opens its own), read
 * like every other answer. It signs nobody out: the caller decides what the failure means to it.
 */
export async function readApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorOf(response.status, response.statusText, text, response.headers.get('Retry-After'));
}

function successBody<T>(status: number, text: string): T {
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({ status, code: 'BAD_RESPONSE', message: 'The server sent an answer that could not be read.' });
  }
}

const isSuccess = (status: number) => status >= 200 && status <= 299;

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * A session of the call's own instead of the stored sign-in: the one a document's e-mailed link opened. Its refusal
   * signs nobody out.
   */
  session?: string;
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** The bearer header of the signed-in session, for what fetches on its own (the PDF viewer): empty when signed out. */
export function sessionHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function authHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A JSON call to the API. Any 2xx resolves (an empty body to undefined); anything else throws an ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.session ?? readToken();
  const headers = authHeaders(token);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_MESSAGE });
  }

  const text = await response.text();
  if (isSuccess(response.status)) return successBody<T>(response.status, text);
  throw failure(response.status, response.statusText, text, response.headers.get('Retry-After'), token !== null && !options.session);
}

/** A file from the API (a CSV export): the bytes and the name the server suggests. Same rules as `request`. */
export async function requestFile(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers: { ...authHeaders(token), Accept: '*/*' }, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_MESSAGE });
  }
  if (!isSuccess(response.status)) {
    throw failure(response.status, response.statusText, await response.text(), response.headers.get('Retry-After'), token !== null);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  /** POST unless the route replaces one file (PUT). */
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Posts files as multipart/form-data under one field name, reporting progress. Same rules as `request`; an
 * abort rejects with an AbortError.
 */
export function uploadFiles<T>(path: string, field: string, files: readonly File[], options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append(field, file, file.name);

    const token = readToken();
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(authHeaders(token))) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (!isSuccess(xhr.status)) {
        reject(failure(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('Retry-After'), token !== null));
        return;
      }
      try {
        resolve(successBody<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    xhr.send(form);
  });
}
