/**
 * The log of one test file: every line the apps built by `createTestApp` write (at trace level unless a test asks
 * for less), and every secret those apps handed out during the file: bearer and MFA tokens, invitation, reset and
 * e-mail confirmation tokens (from answers and mails), link signatures, TOTP secrets and recovery codes. After the
 * file, `log-check.setup.ts` fails it if any of them, an argon2 hash or an unmasked `sig=` reached the log.
 *
 * The files of a worker share this module (the integration project does not isolate files): the check empties it
 * after each file, so each file is checked against its own log and secrets.
 */
const lines: string[] = [];
const secrets = new Map<string, string>();

/** Where `createTestApp` points every app's logger. */
export const logSink = {
  write(line: string) {
    lines.push(line);
  },
};

/** Remembers a value that must never appear in the log; `what` names it in the failure. */
export function rememberSecret(what: string, value: unknown) {
  // Short values (a wrong one-time code, a test's "x") would match by chance.
  if (typeof value === 'string' && value.length >= 8 && !secrets.has(value)) secrets.set(value, what);
}

const SECRET_KEYS: Record<string, string> = {
  token: 'token',
  mfa_token: 'MFA challenge token',
  invite_token: 'invitation token',
  secret: 'TOTP secret',
  recovery_codes: 'recovery code',
};
const SECRET_PARAMS = /[?&](token|sig|secret)=([^&#\s"'<>]+)/g;
const PARAM_NAMES: Record<string, string> = { token: 'link token', sig: 'link signature', secret: 'TOTP secret (otpauth URL)' };

function rememberFromText(text: string) {
  for (const [, name, value] of text.matchAll(SECRET_PARAMS)) {
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // Kept as sent.
    }
    rememberSecret(PARAM_NAMES[name], decoded);
    rememberSecret(PARAM_NAMES[name], value);
  }
}

/** Walks a JSON answer for secrets: by key, and in any link it holds. */
export function rememberSecretsIn(value: unknown, key = '') {
  if (typeof value === 'string') {
    if (SECRET_KEYS[key]) rememberSecret(SECRET_KEYS[key], value);
    if (value.includes('=')) rememberFromText(value);
  } else if (Array.isArray(value)) {
    for (const item of value) rememberSecretsIn(item, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) rememberSecretsIn(v, k);
  }
}

/** Secrets in a mail's text: the links it carries. */
export function rememberSecretsInText(text: string) {
  rememberFromText(text);
}

/** A signature in a logged address that was not masked. */
const UNMASKED_SIG = /(?:^|[^A-Za-z0-9_])sig=(?!\[redacted\])[A-Za-z0-9_%-]{8,}/;

/** What of the secrets reached the log, each with the start of the line it is on. */
export function findLeaks(): string[] {
  const found: string[] = [];
  const excerpt = (line: string) => line.slice(0, 300).trim();
  for (const line of lines) {
    if (line.includes('$argon2')) found.push(`an argon2 hash: ${excerpt(line)}`);
    if (UNMASKED_SIG.test(line)) found.push(`a link signature: ${excerpt(line)}`);
  }
  if (secrets.size > 0) {
    const log = lines.join('');
    for (const [value, what] of secrets) {
      if (!log.includes(value)) continue;
      found.push(`a ${what}: ${excerpt(lines.find((l) => l.includes(value)) ?? '')}`);
    }
  }
  return found;
}

/** How many lines were captured (a test can check that the capture is on). */
export function capturedLines(): readonly string[] {
  return lines;
}

export function resetLogSink() {
  lines.length = 0;
  secrets.clear();
}
