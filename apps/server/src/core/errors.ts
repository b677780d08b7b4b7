import { ERROR_STATUS, LAST_OWNER_MESSAGE, type ErrorCode } from '@agency/schema';

/** What a person is told for each code when the thrower gives no message of its own. */
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid',
  BAD_REQUEST: 'The request is not valid',
  WEBHOOK_SIGNATURE_INVALID: 'The webhook signature is not valid',
  UNKNOWN_TEMPLATE_VARIABLE: 'The text uses a variable that does not exist',
  SCOPE_NOT_ALLOWED: 'Your role cannot use one of these scopes',
  WEBHOOK_URL_REFUSED: 'This address cannot receive webhooks: use a public https:// address',
  UNAUTHENTICATED: 'Sign in to continue',
  INVALID_CREDENTIALS: 'Invalid email or password',
  INVALID_MFA_CODE: 'That code is not valid; try the current one from your app',
  MFA_CHALLENGE_INVALID: 'The sign-in took too long or was already used; enter your password again',
  FORBIDDEN: 'You do not have permission to do this',
  ACCOUNT_DISABLED: 'This account has been disabled',
  SETUP_KEY_REQUIRED: 'A super admin already exists; a valid setup key is required',
  SETUP_TOKEN_REQUIRED: 'Open the set-up link the server printed when it started: it carries the one-time set-up token',
  MFA_ENROLMENT_REQUIRED: 'Turn on two-factor authentication on your profile page before you continue',
  TOKEN_SCOPE_MISSING: 'This API token does not have the scope this route needs',
  SESSION_REQUIRED: 'API tokens cannot be used here: sign in to do this',
  WRONG_PASSWORD: 'Your current password is not correct',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'There is no such API route',
  INVITATION_INVALID: 'This invitation link is invalid or has expired',
  LINK_INVALID: 'This link is invalid or has expired',
  EMAIL_TAKEN: 'An account with this e-mail already exists',
  LAST_OWNER: LAST_OWNER_MESSAGE,
  INVALID_TRANSITION: 'This change is not allowed in the current state',
  STALE_STATE: 'This record changed meanwhile; reload and try again',
  CONFLICT: 'The request conflicts with the current state',
  WIP_LIMIT: 'The column is at its WIP limit',
  BOARD_CLOSED: "This project's board cannot be changed now",
  COLUMN_NOT_EMPTY: 'Only an empty column can be deleted; move its cards first',
  INVOICE_ALREADY_PAID: 'This invoice is already paid',
  INVOICE_NOT_DUE: 'Nothing is due on this invoice',
  INVOICE_IMMUTABLE: 'Paid and void invoices cannot be changed',
  PAYMENT_EXCEEDS_DUE: 'The payment is more than the amount due',
  REFUND_EXCEEDS_PAYMENT: 'The refund is more than what is left of the payment',
  ALREADY_SIGNED: 'This contract is already signed',
  DOCUMENT_CHANGED: 'The document changed since you opened it; reload it before signing',
  MFA_ALREADY_ENABLED: 'Two-factor authentication is already turned on',
  MFA_NOT_ENABLED: 'Two-factor authentication is not turned on',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  PAYLOAD_TOO_LARGE: 'The upload is too large',
  QUOTA_EXCEEDED: 'Your storage quota is used up; remove some files first',
  URI_TOO_LONG: 'The address is too long',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  UNPROCESSABLE: 'The request could not be processed',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  TOO_MANY_ATTEMPTS: 'Too many attempts; try again later',
  RATE_LIMITED: 'Too many requests; try again later',
  INTERNAL: 'Something went wrong on our side',
  PAYMENT_PROVIDER_ERROR: 'The payment provider could not be reached; try again in a moment',
  DOCUMENT_TAMPERED: 'The stored document failed its integrity check; it was not served and the agency has been alerted',
  UNAVAILABLE: 'Service unavailable',
  DATABASE_UNAVAILABLE: 'The database is unavailable; try again in a few seconds',
};

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code];
}

/** The one error type of the application: a code from the shared table, answered with its status everywhere. */
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
