import { formatDateTimeUtc, PASSWORD_RESET_REQUESTED_MESSAGE, type AuthResponse } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, passwordResets } from '../src/db/schema.js';
import {
  PASSWORD,
  call,
  createTestApp,
  eventually,
  inviteAndSignup,
  linkIn,
  login,
  mailsTo,
  must,
  signupClient,
  signupSuperadmin,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

const NEW_PASSWORD = 'a-brand-new-passphrase';
let t: TestApp;
let owner: AuthResponse;

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '0.5', TRUST_PROXY: '1' });
  owner = await signupSuperadmin(t.app);
});
afterAll(async () => t.close());

const requestReset = (email: string, ip = '203.0.113.7') =>
  call(t.app, 'POST', '/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': ip } });

/** Asks for a link for `email` and reads it from the mail the job stores. */
async function resetLink(email: string) {
  const before = (await mailsTo(t.app, email)).length;
  must(await requestReset(email), 202, 'reset request');
  const mails = await eventually('the reset mail', async () => {
    const all = await mailsTo(t.app, email);
    return all.length > before && all;
  });
  expect(mails[0].subject).toMatch(/^Reset your .* password$/);
  return linkIn(mails[0].text, '/reset-password');
}

const confirm = (token: string, password = NEW_PASSWORD) => call(t.app, 'POST', '/auth/password-reset/confirm', { body: { token, password } });

describe('asking for a reset link', () => {
  it('answers the same whether or not the address has an account, and mails only the account', async () => {
    const client = await signupClient(t.app);
    const stranger = uniqueEmail('nobody');
    const known = await requestReset(client.user.email);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    const headersOf = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => k !== 'date')
        .sort();
    expect(headersOf(unknown.headers)).toEqual(headersOf(known.headers));
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    const resetMail = (mails: Awaited<ReturnType<typeof mailsTo>>) => mails.filter((m) => m.text.includes('/reset-password?token='));
    const [mail] = await eventually('the mail to the account', () =>
      mailsTo(t.app, client.user.email).then((m) => resetMail(m).length > 0 && resetMail(m)),
    );
    expect(mail.text).toContain(`http://app.test/reset-password?token=`);
    expect(mail.text).toContain('expires in 30 minutes');
    // The unknown address's job ran before the known one's: by now it would have mailed.
    expect(await mailsTo(t.app, stranger)).toEqual([]);
    // The token is stored hashed.
    const token = tokenFromLink(linkIn(mail.text, '/reset-password'));
    const rows = await t.app.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, Number(client.user.id)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers alike for an address with and without an account, and leaves the lookup to the job', async () => {
    const client = await signupClient(t.app);
    // The job is not run here: what the request itself does must not depend on whether the address exists.
    const queued = vi.spyOn(t.app.ctx.jobs, 'send').mockResolvedValue(null);
    try {
      const known = await requestReset(client.user.email, '203.0.113.31');
      const unknown = await requestReset(uniqueEmail('nobody'), '203.0.113.32');
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(known.body).toEqual(unknown.body);
      expect(queued).toHaveBeenCalledTimes(2);
      const [first, second] = queued.mock.calls;
      expect(first?.[0]).toBe(second?.[0]);
      expect(Object.keys(first?.[1] as object).sort()).toEqual(Object.keys(second?.[1] as object).sort());
    } finally {
      queued.mockRestore();
    }
    // Nothing about the known account was read or written by the request: no link exists yet.
    const rows = await t.app.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, Number(client.user.id)));
    expect(rows).toEqual([]);
  });

  it('limits each address to three links an hour, known or not, with the same 429', async () => {
    const client = await signupClient(t.app);
    const stranger = uniqueEmail('nobody');
    for (const email of [client.user.email, stranger]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email, `192.0.2.${i + 1}`)).status).toBe(202);
    }
    const known = await requestReset(client.user.email, '192.0.2.50');
    const unknown = await requestReset(stranger, '192.0.2.51');
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(unknown.text).toBe(known.text);
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(3000);
    expect(known.body.code).toBe('RATE_LIMITED');
    // Addresses in capitals are the same address.
    expect((await requestReset(client.user.email.toUpperCase(), '192.0.2.52')).status).toBe(429);
  });

  it('limits each caller address too', async () => {
    const own = await createTestApp({ RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '2' });
    try {
      const ask = () => call(own.app, 'POST', '/auth/password-reset', { body: { email: uniqueEmail('door') } });
      expect((await ask()).status).toBe(202);
      expect((await ask()).status).toBe(202);
      const third = await ask();
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('mails nothing to a disabled account', async () => {
    const member = await inviteAndSignup(t.app, owner.token, 'teammember');
    must(await call(t.app, 'PATCH', `/users/${member.user.id}/status`, { token: owner.token, body: { status: 'disabled' } }), 200, 'disable');
    const probe = await signupClient(t.app);
    must(await requestReset(member.user.email), 202, 'request for the disabled');
    must(await requestReset(probe.user.email), 202, 'request for a probe');
    await eventually('the probe mail', () => mailsTo(t.app, probe.user.email).then((m) => m.length > 0));
    expect((await mailsTo(t.app, member.user.email)).filter((m) => m.subject.startsWith('Reset'))).toEqual([]);
  });
});

describe('choosing the new password', () => {
  it('sets it, ends every session, tells the owner, and works once', async () => {
    const client = await signupClient(t.app);
    const second = must(await login(t.app, client.user.email), 200, 'another session').body.token;
    const token = tokenFromLink(await resetLink(client.user.email));
    const check = () => call(t.app, 'POST', '/auth/password-reset/check', { body: { token } });

    // The page asks on opening whether the link still works: it does, until it is used.
    expect((await check()).status).toBe(204);
    expect((await confirm(token)).status).toBe(204);
    expect((await check()).status).toBe(404);
    expect((await check()).body.code).toBe('LINK_INVALID');
    for (const old of [client.token, second]) expect((await call(t.app, 'GET', '/auth/me', { token: old })).status).toBe(401);
    expect((await login(t.app, client.user.email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, client.user.email, NEW_PASSWORD)).status).toBe(200);

    const again = await confirm(token, 'yet-another-passphrase');
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('LINK_INVALID');
    expect((await login(t.app, client.user.email, NEW_PASSWORD)).status).toBe(200);

    const changed = (await mailsTo(t.app, client.user.email)).find((m) => m.subject.endsWith('password was changed'));
    expect(changed?.text).toContain('If that was not you');
    expect(changed?.text).toContain(` on ${formatDateTimeUtc(t.clock.now())}.`);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.reset'), eq(auditLog.entityId, client.user.id)));
    expect(audit).toMatchObject({ actorId: Number(client.user.id), entityType: 'user' });
  });

  it('expires after PASSWORD_RESET_TTL_MINUTES', async () => {
    const client = await signupClient(t.app);
    const early = tokenFromLink(await resetLink(client.user.email));
    const late = tokenFromLink(await resetLink(client.user.email));
    t.clock.advance(29 * 60_000);
    expect((await confirm(early)).status).toBe(204);
    const other = await signupClient(t.app);
    const expired = tokenFromLink(await resetLink(other.user.email));
    t.clock.advance(30 * 60_000);
    const res = await confirm(expired);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('LINK_INVALID');
    // A link used up the account's other links.
    expect((await confirm(late)).status).toBe(404);
  });

  it('refuses a password the policy refuses', async () => {
    const client = await signupClient(t.app);
    const token = tokenFromLink(await resetLink(client.user.email));
    const res = await confirm(token, 'short');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('password: Password must be at least 8 characters');
    expect((await confirm(token)).status).toBe(204);
  });
});
