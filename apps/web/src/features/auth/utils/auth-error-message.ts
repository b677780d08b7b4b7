import { formatRelativeTime } from '../../../lib/format';
import { i18n } from '../../../i18n';
import { errorMessage, hasErrorCode } from '../../../lib/http';

/** The server's message; for a locked login also how long to wait, from Retry-After ("Try again in 2 minutes."). */
export function authErrorMessage(error: unknown): string {
  const message = errorMessage(error);
  if (hasErrorCode(error, 'TOO_MANY_ATTEMPTS') && error.retryAfterSeconds !== undefined) {
    const now = new Date();
    const when = formatRelativeTime(new Date(now.getTime() + error.retryAfterSeconds * 1000), now);
    return `${message} ${i18n.t('auth:errors.tryAgain', { when })}`;
  }
  return message;
}
