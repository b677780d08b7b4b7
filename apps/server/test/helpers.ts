import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse, CompanyRole, Role } from '@agency/schema';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DeliveredMail } from '../src/integrations/mailer.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { mailOutbox } from '../src/db/schema.js';
import { logSink, rememberSecretsIn, rememberSecretsInText } from './log-sink.js';

export const SETUP_KEY = 'test-setup-key-0123456789';
export const PASSWORD = 'correct-horse-battery';

/**
 * Every test file signs up and logs in dozens of accounts from one address, so the door limits are raised here;
 * `test/limits.int.test.ts` checks the real defaults.
 */
export const RELAXED_LIMITS = {
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
  RATE_LIMIT_SETUP_KEY_PER_HOUR: '100000',
  RATE_LIMIT_INVITATIONS_PER_HOUR: '100000',
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
  RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '100000',
};

export type TestClock = { now(): Date; advance(ms: number): void };

export type TestApp = {
  app: FastifyInstance;
  /** Every mail this app delivered, bodies included (the outbox keeps a body only until delivery). */
  delivered: DeliveredMail[];
  config: Config;
  clock: TestClock;
  /** Which database this run uses: PGlite in memory, or a fresh database on the PostgreSQL of TEST_DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

/** A new database on the server of `baseUrl`: empty, or a copy of the database `template`. */
export async function createPostgresDatabase(baseUrl: string, template?: string) {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      // A closed pool has asked its connections to end but may not have seen them go: wait for the server to, so
      // the forced drop never cuts one off mid-close (its client would raise an unhandled 57P01 error).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
  return { url: url.toString(), drop };
}

const deliveredByApp = new WeakMap<FastifyInstance, DeliveredMail[]>();

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every call through `app.inject` tells the log check (log-sink.ts) what secrets its answer handed out: bearer and
 * MFA tokens, links with their tokens and signatures, TOTP secrets and recovery codes.
 */
function rememberSecretsOfCalls(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  const watched = async (options: InjectOptions | string) => {
    const res = await inject(options);
    // Only what the server handed out: what a test sends may be made up (the fuzz suite sends the same strings in
    // bodies and in addresses, which are logged), and an error answer hands out nothing.
    if (res.statusCode >= 200 && res.statusCode < 400) {
      if (String(res.headers['content-type'] ?? '').startsWith('application/json')) rememberSecretsIn(parseJson(res.body));
      if (typeof res.headers.location === 'string') rememberSecretsInText(res.headers.location);
    }
    return res;
  };
  // Tests call inject with options (or a URL) and await it; the chained form without arguments is not used.
  app.inject = watched as unknown as FastifyInstance['inject'];
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    webDistDir?: string;
    /** A database the test made itself (the app migrates it); closed with the app, the caller drops it. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  let current = Date.now();
  const clock: TestClock = { now: () => new Date(current), advance: (ms) => (current += ms) };
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      // Everything the app logs is captured and checked for secrets after the file (log-sink.ts).
      LOG_LEVEL: 'trace',
      APP_URL: 'http://app.test',
      SUPERADMIN_SETUP_KEY: SETUP_KEY,
      JOB_POLL_SECONDS: '0.5',
      ...RELAXED_LIMITS,
      ...env,
    },
    { inMemoryDb: true, webDistDir: options.webDistDir ?? '/nonexistent', filesDir: fs.mkdtempSync(path.join(os.tmpdir(), 'agency-files-')) },
  );
  const baseUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (options.database) {
    database = options.database;
  } else if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl, inject('postgresTemplate'));
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url, dataDir: config.dataDir, poolSize: 5 });
  } else {
    const template = inject('pgliteTemplate');
    database = await openDatabase({
      dataDir: config.dataDir,
      inMemory: true,
      loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
    });
  }
  await database.migrate();
  const own = options.logStream;
  const logStream = own
    ? {
        write(line: string) {
          logSink.write(line);
          own.write(line);
        },
      }
    : logSink;
  const app = await buildApp(config, { database, now: clock.now, logStream });
  rememberSecretsOfCalls(app);
  const delivered: DeliveredMail[] = [];
  app.ctx.mailer.onDelivered((mail) => {
    rememberSecretsInText(mail.text);
    delivered.push(mail);
  });
  deliveredByApp.set(app, delivered);
  await app.ready();
  return {
    app,
    delivered,
    config,
    clock,
    kind: database.kind,
    async close() {
      // Links in mails not delivered yet are secrets too.
      const queued = await app.ctx.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .catch(() => []);
      for (const { text } of queued) if (text) rememberSecretsInText(text);
      // Nothing is in flight when a test closes its app; the keep-alive connections its HTTP clients left open
      // would otherwise hold the close for the idle timeout (the app leaves idle connections to main.ts's drain).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      await drop();
    },
  };
}

type CallOptions = { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> };

/** One API call through the real app: method, path under /api, and who is calling. */
export async function call(app: FastifyInstance, method: InjectOptions['method'], path: string, options: CallOptions = {}) {
  const res = await app.inject({
    method,
    url: `/api${path}`,
    query: options.query,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  const text = res.body;
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: json, text };
}

let seq = 0;
export function uniqueEmail(prefix = 'user') {
  seq += 1;
  return `${prefix}.${seq}.${crypto.randomBytes(3).toString('hex')}@example.test`;
}

/**
 * A client signs up as a person would: asks for the account, opens the link mailed to the address, and is signed in
 * (the sign-up answers the same for every address; the link makes the account).
 */
export async function signupClient(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; company: string; phone: string }> = {},
) {
  const body = { name: 'Client Person', email: uniqueEmail('client'), password: PASSWORD, ...overrides };
  const res = await call(app, 'POST', '/auth/signup/client', { body });
  if (res.status !== 202) throw new Error(`client signup failed: ${res.status} ${res.text}`);
  const confirmed = await call(app, 'POST', '/auth/signup/confirm', { body: { token: await signupToken(app, body.email) } });
  if (confirmed.status !== 201) throw new Error(`client signup confirmation failed: ${confirmed.status} ${confirmed.text}`);
  return confirmed.body as AuthResponse;
}

/** The token of the newest sign-up link mailed to `email`. */
export async function signupToken(app: FastifyInstance, email: string): Promise<string> {
  for (const mail of await mailsTo(app, email.trim())) {
    const match = /\/confirm-signup\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`no sign-up link mailed to ${email}`);
}

/** The one-time token of a fresh install, as the operator reads it from the link the server printed at start. */
export async function ownerSetupToken(app: FastifyInstance): Promise<string> {
  const token = await app.services.auth.ownerSetupToken();
  if (!token) throw new Error('there is a super admin already: no set-up token');
  return token;
}

export async function signupSuperadmin(app: FastifyInstance) {
  const res = await call(app, 'POST', '/auth/signup/superadmin', {
    body: { name: 'Owner Person', email: uniqueEmail('owner'), password: PASSWORD, setup_token: await ownerSetupToken(app) },
  });
  if (res.status !== 201) throw new Error(`superadmin signup failed: ${res.status} ${res.text}`);
  return res.body as AuthResponse;
}

/** Invites and signs up a staff account through the real invitation flow. */
export async function inviteAndSignup(app: FastifyInstance, inviterToken: string, role: Exclude<Role, 'client' | 'superadmin'>) {
  const email = uniqueEmail(role);
  const invite = await call(app, 'POST', '/invitations', { token: inviterToken, body: { email, role } });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const token = new URL(invite.body.link).searchParams.get('token')!;
  const path = role === 'admin' ? '/auth/signup/admin' : '/auth/signup/employee';
  const res = await call(app, 'POST', path, { body: { invite_token: token, name: `${role} person`, password: PASSWORD } });
  if (res.status !== 201) throw new Error(`${role} signup failed: ${res.status} ${res.text}`);
  return res.body as AuthResponse;
}

/**
 * A colleague joins a client's company as a person would: the company's owner invites the address with a role, and
 * the invitee creates the account from the link (signed in). The link is taken from the invitation's answer; the
 * e-mail carrying it is checked in companies.int.test.ts.
 */
export async function inviteColleague(
  app: FastifyInstance,
  ownerToken: string,
  role: CompanyRole,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail(`colleague-${role}`);
  const invite = await call(app, 'POST', '/company/invitations', { token: ownerToken, body: { email, role } });
  if (invite.status !== 201) throw new Error(`company invitation failed: ${invite.status} ${invite.text}`);
  const res = await call(app, 'POST', '/company/invitations/accept', {
    body: { invite_token: tokenFromLink(invite.body.link), name: overrides.name ?? `${role} colleague`, password: overrides.password ?? PASSWORD },
  });
  if (res.status !== 201) throw new Error(`accepting the company invitation failed: ${res.status} ${res.text}`);
  return res.body as AuthResponse;
}

/** One signed-in account of every role, for the every-route-times-every-role tables. */
export async function signInEveryRole(app: FastifyInstance) {
  const superadmin = await signupSuperadmin(app);
  const admin = await inviteAndSignup(app, superadmin.token, 'admin');
  const teamlead = await inviteAndSignup(app, superadmin.token, 'teamlead');
  const teammember = await inviteAndSignup(app, admin.token, 'teammember');
  const client = await signupClient(app);
  const otherClient = await signupClient(app);
  return { superadmin, admin, teamlead, teammember, client, otherClient };
}

/** Signs in through the API; the raw response, so callers can assert failures too. */
export function login(app: FastifyInstance, email: string, password: string = PASSWORD, headers: Record<string, string> = {}) {
  return call(app, 'POST', '/auth/login', { body: { email, password }, headers });
}

/**
 * Waits until this app has delivered `count` mails to `to` that match `where` (delivery is a background job),
 * and returns them.
 */
export async function deliveredMails(
  t: TestApp,
  to: string,
  count = 1,
  where: (mail: DeliveredMail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<DeliveredMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = t.delivered.filter((m) => m.to === to && where(m));
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`expected ${count} mail(s) to ${to}, got ${mails.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The single-use token an invitation link carries. */
export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Fails with the answer's text unless the call was answered `status`: for setting up what a test reads. */
export function must<T extends { status: number; text: string }>(res: T, status: number, what: string): T {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
  return res;
}

/** A multipart/form-data body with one `files` part per file, and its content-type header. */
export function multipart(files: { name: string; content: Buffer; type?: string }[]) {
  const boundary = '----agencytestboundary';
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The answer every protected route gives a caller without a valid session. */
export const UNAUTHENTICATED = { error: 'Sign in to continue', code: 'UNAUTHENTICATED' } as const;
export const FORBIDDEN = { error: 'You do not have permission to do this', code: 'FORBIDDEN' } as const;

/** Polls `probe` until it gives a value (mail is stored by a background job, a moment after the answer). */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The mails stored for an address, newest first, with their bodies: the outbox forgets a body once the mail is
 * delivered, so a delivered mail's text comes from what the app's mailer handed over.
 */
export async function mailsTo(app: FastifyInstance, email: string) {
  const rows = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
  const delivered = deliveredByApp.get(app) ?? [];
  return rows.map((row) => (row.sentAt && !row.text ? { ...row, text: delivered.find((m) => m.id === row.id)?.text ?? '' } : row));
}

/** The first link in a mail's text that starts with `prefix` (e.g. the app's address and a path). */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_%-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}
