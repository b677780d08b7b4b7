import { errorMessage, hasErrorCode } from '../../../lib/http';

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The server's message; for a locked login also how long to wait, from Retry-After. */
export function authErrorMessage(error: unknown): string {
  const message = errorMessage(error);
  if (hasErrorCode(error, 'TOO_MANY_ATTEMPTS') && error.retryAfterSeconds !== undefined) {
    return `${message} Try again in ${describeWait(error.retryAfterSeconds)}.`;
  }
  return message;
}
