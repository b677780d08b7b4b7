// Every business constant of SPEC section 9 lives here once, under the SPEC's name.
export const INBOX_REFRESH_INTERVAL_MS = 10000;
export const CHAT_POLL_INTERVAL_MS = 5000;
export const POLL_PAGE_LIMIT = 200;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;
export const CHAT_DIALOG_HEIGHT_PX = 560;
export const SCROLL_TO_BOTTOM_DELAY_MS = 40;
export const COMPOSER_MAX_ROWS = 4;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const INBOX_PREVIEW_CLAMP_LINES = 2;
export const INBOX_TABLE_MAX_WIDTH_PX = 1200;
export const HEADER_COLLAPSE_BREAKPOINT_PX = 992;
export const HEADER_COLLAPSE_ANIMATION_MS = 300;
export const DATE_LOCALE = 'en-GB';
/**
 * The languages of the interface, the e-mails and the PDFs: British English (SPEC's texts), German and Arabic
 * (written right to left). A person's choice is kept on their profile; without one the browser's language, then the
 * agency's default (DEFAULT_LOCALE), is used.
 */
export const LOCALES = ['en-GB', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** Languages written right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar'];
/** The language a bare tag stands for ("en-US" and "en" read British English here, "de-AT" German), or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.toLowerCase().split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === base) ?? null;
}
export const DATE_FORMAT_OPTIONS = {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
} as const;

// Accounts (DESIGN section 4 and the foundation issue).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Failed sign-ins from one address before that address is locked out of the account for the window. */
export const LOGIN_MAX_FAILURES = 10;
/** Failed sign-ins from all addresses the account does not know before the account is locked for them. */
export const LOGIN_MAX_ACCOUNT_FAILURES = 50;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_PAGE_SIZE = 100;

// Browser storage keys (SPEC section 3).
export const STORAGE_KEY_TOKEN = 'authToken';
export const STORAGE_KEY_USER_ID = 'unique_id';

// Account security (issue 8 item 7, issue 12 item 4).
/** How long the second step of a two-step sign-in may take before the password must be given again. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** One-time recovery codes handed out when two-factor authentication is turned on. */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** How long a link that confirms a new e-mail address stays valid. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Reset links mailed to one address within an hour, whether or not it belongs to an account. */
export const PASSWORD_RESET_PER_EMAIL_PER_HOUR = 3;
