import { paths } from './paths';

/** The query parameter of the login page that names where to go after signing in. */
export const RETURN_PARAM = 'next';

/**
 * A path of this site to return to, or null. Only a path that starts with a single "/" is accepted: "//host"
 * and "/\host" are read by browsers as another site, and a scheme ("https:", "javascript:") is not a path at
 * all. Spaces and control characters are refused too, because browsers drop some of them ("/\t/host" is "//host").
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value[1] === '/' || value[1] === '\\') return null;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** The login page, told to come back to `returnTo` afterwards. */
export function loginPathReturningTo(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: safe })}` : paths.login;
}
