import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, signupClient, signupSuperadmin, tokenFromLink, uniqueEmail, type TestApp } from './helpers.js';
import { capturedLines } from './log-sink.js';

// Everything the app logs at the most talkative level while people sign up, sign in, invite, download and fail,
// checked for the secrets that must never reach a log.
let t: TestApp;
const lines: string[] = [];
const secrets: { what: string; value: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t.close());

describe('the log', () => {
  it('holds no password, password hash, token, link signature or invitation token', async () => {
    const owner = await signupSuperadmin(t.app);
    secrets.push({ what: 'owner token', value: owner.token });
    const client = await signupClient(t.app, { password: 'a-very-secret-password-1' });
    secrets.push({ what: 'client token', value: client.token }, { what: 'password', value: 'a-very-secret-password-1' });
    const signedIn = await login(t.app, client.user.email, 'a-very-secret-password-1');
    secrets.push({ what: 'login token', value: signedIn.body.token });
    expect((await login(t.app, client.user.email, 'a-wrong-secret-password')).status).toBe(401);
    secrets.push({ what: 'wrong password', value: 'a-wrong-secret-password' });

    const invite = await call(t.app, 'POST', '/invitations', { token: owner.token, body: { email: uniqueEmail('invitee'), role: 'admin' } });
    const inviteToken = tokenFromLink(invite.body.link);
    secrets.push({ what: 'invitation token', value: inviteToken });
    expect((await call(t.app, 'GET', '/invitations/preview', { query: { token: inviteToken } })).status).toBe(200);

    const project = await call(t.app, 'POST', '/projects', { token: client.token, body: { title: 'Logged', description: 'A project with a file.' } });
    const boundary = 'x-boundary-1';
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.body.project.id}/attachments`,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    const url: string = JSON.parse(upload.body).project.attachments[0].url;
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    secrets.push({ what: 'link signature', value: sig });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    // A sign-up whose insert fails in the database (a NUL byte past the HTTP checks): the failed query is logged
    // as an error, without its parameters (the password hash among them).
    const failure = await t.app.services.auth
      .signupClient({ name: 'Broken\u0000Name', email: uniqueEmail('broken'), password: 'x-secret-password-x' }, {})
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    t.app.log.error({ err: failure }, 'failed sign-up');
    secrets.push({ what: 'failed sign-up password', value: 'x-secret-password-x' });

    await new Promise((r) => setTimeout(r, 200));
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(1000);
    expect(log).toContain('failed sign-up');
    expect(log).toContain('params: [redacted]');
    for (const { what, value } of secrets) {
      expect(log.includes(value), `${what} appears in the log`).toBe(false);
    }
    expect(log).not.toMatch(/\$argon2id\$/);
  });

  it('tells each request apart: its lines carry its own request id while the log is on', async () => {
    const from = lines.length;
    expect((await call(t.app, 'GET', '/health')).status).toBe(200);
    expect((await call(t.app, 'GET', '/health')).status).toBe(200);
    const ids = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.reqId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
  });
});

/**
 * Runs `work` while every insert into `table` fails the way a query fails when PostgreSQL goes away mid-request
 * (57P01, "terminating connection due to administrator command"), on either database: Drizzle wraps the failure
 * in its query error, whose message carries the query's parameters.
 */
async function withOutageOn<T>(table: string, work: () => Promise<T>): Promise<T> {
  const proto = PgPreparedQuery.prototype as unknown as {
    queryWithCache(text: string, params: unknown[], query: () => Promise<unknown>): Promise<unknown>;
  };
  const original = proto.queryWithCache;
  proto.queryWithCache = function (text, params, query) {
    const failing = async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    };
    return original.call(this, text, params, text.startsWith(`insert into "${table}"`) ? failing : query);
  };
  try {
    return await work();
  } finally {
    proto.queryWithCache = original;
  }
}

describe('a sign-up while the database is down', () => {
  it('answers 503 and logs why, without the password hash or the person’s details the failed query carried', async () => {
    const email = uniqueEmail('outage');
    const from = lines.length;
    const res = await withOutageOn('signup_requests', () =>
      call(t.app, 'POST', '/auth/signup/client', {
        body: { name: 'Olive Outage', email, password: 'outage-secret-password', company: 'Outage Ltd' },
      }),
    );
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('5');

    const log = lines.slice(from).join('');
    expect(log).toContain('database unavailable');
    expect(log).toContain('terminating connection due to administrator command');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toContain('$argon2');
    for (const detail of [email, 'Olive Outage', 'Outage Ltd', 'outage-secret-password']) expect(log).not.toContain(detail);
    // The same lines reached the log of the whole file, which is checked after it (log-check.setup.ts).
    expect(capturedLines().join('')).toContain('database unavailable');
  });
});
