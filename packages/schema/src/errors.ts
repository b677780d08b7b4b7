// No zod here: the web app branches on these codes on screens that do not load the schema library.

/**
 * Every error code the API answers with, and its HTTP status. The web app branches on `code`, never on the
 * status number or the message text. Modules add their own specific codes here.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  WEBHOOK_SIGNATURE_INVALID: 400,
  UNKNOWN_TEMPLATE_VARIABLE: 400,
  SCOPE_NOT_ALLOWED: 400,
  WEBHOOK_URL_REFUSED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_MFA_CODE: 401,
  MFA_CHALLENGE_INVALID: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  SETUP_KEY_REQUIRED: 403,
  SETUP_TOKEN_REQUIRED: 403,
  MFA_ENROLMENT_REQUIRED: 403,
  TOKEN_SCOPE_MISSING: 403,
  SESSION_REQUIRED: 403,
  WRONG_PASSWORD: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  INVITATION_INVALID: 404,
  LINK_INVALID: 404,
  EMAIL_TAKEN: 409,
  LAST_OWNER: 409,
  INVALID_TRANSITION: 409,
  STALE_STATE: 409,
  CONFLICT: 409,
  WIP_LIMIT: 409,
  BOARD_CLOSED: 409,
  COLUMN_NOT_EMPTY: 409,
  INVOICE_ALREADY_PAID: 409,
  INVOICE_NOT_DUE: 409,
  INVOICE_IMMUTABLE: 409,
  PAYMENT_EXCEEDS_DUE: 409,
  REFUND_EXCEEDS_PAYMENT: 409,
  ALREADY_SIGNED: 409,
  DOCUMENT_CHANGED: 409,
  MFA_ALREADY_ENABLED: 409,
  MFA_NOT_ENABLED: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  HEADERS_TOO_LARGE: 431,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_ERROR: 502,
  DOCUMENT_TAMPERED: 500,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The body of every error answer. */
export type ErrorBody = { error: string; code: ErrorCode };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
