import type { AuthResponse } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../src/db/schema.js';
import {
  PASSWORD,
  call,
  createTestApp,
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

let t: TestApp;
let owner: AuthResponse;
let lead: AuthResponse;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  owner = await signupSuperadmin(t.app);
  lead = await inviteAndSignup(t.app, owner.token, 'teamlead');
});
afterAll(async () => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('the profile', () => {
  it('shows name, e-mail and role, and a new name is seen at once', async () => {
    const client = await signupClient(t.app, { name: 'Old Name' });
    const res = await call(t.app, 'GET', '/account', { token: client.token });
    expect(res.body.profile).toMatchObject({ id: client.user.id, name: 'Old Name', email: client.user.email, role: 'client', pending_email: null });
    expect(res.body.profile.mfa).toEqual({ available: false, enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
    const renamed = must(await call(t.app, 'PATCH', '/account', { token: client.token, body: { name: '  New Name ' } }), 200, 'rename');
    expect(renamed.body.profile.name).toBe('New Name');
    // The session memo forgets the old name at once.
    expect((await call(t.app, 'GET', '/auth/me', { token: client.token })).body.user.name).toBe('New Name');
  });

  it('keeps a language of en-GB, de or ar, seen by the next page load; null follows the browser again', async () => {
    const client = await signupClient(t.app);
    expect(client.user.locale).toBeNull();
    const german = must(await call(t.app, 'PATCH', '/account', { token: client.token, body: { locale: 'de' } }), 200, 'pick German');
    expect(german.body.profile).toMatchObject({ locale: 'de', name: client.user.name });
    expect((await call(t.app, 'GET', '/auth/me', { token: client.token })).body.user.locale).toBe('de');
    const relogin = must(await call(t.app, 'POST', '/auth/login', { body: { email: client.user.email, password: PASSWORD } }), 200, 'sign in');
    expect(relogin.body.user.locale).toBe('de');

    const refused = await call(t.app, 'PATCH', '/account', { token: client.token, body: { locale: 'fr' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'locale: Language must be one of en-GB, de, ar', code: 'VALIDATION_FAILED' });
    const empty = await call(t.app, 'PATCH', '/account', { token: client.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Give a name or a language to change', code: 'VALIDATION_FAILED' });
    expect((await call(t.app, 'GET', '/account', { token: client.token })).body.profile.locale).toBe('de');

    must(await call(t.app, 'PATCH', '/account', { token: client.token, body: { locale: null } }), 200, 'follow the browser');
    expect((await call(t.app, 'GET', '/auth/me', { token: client.token })).body.user.locale).toBeNull();
  });

  it('tells every visitor the agency’s default language', async () => {
    const res = must(await call(t.app, 'GET', '/config'), 200, 'config');
    expect(res.body.default_locale).toBe('en-GB');
  });
});

describe('changing the e-mail address', () => {
  it('waits for the link sent to the new address, tells the old one, and then signs in with the new one', async () => {
    const client = await signupClient(t.app);
    const oldEmail = client.user.email;
    const newEmail = uniqueEmail('moved');
    const wrong = await call(t.app, 'POST', '/account/email', { token: client.token, body: { email: newEmail, password: 'not-my-password' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');

    const asked = await call(t.app, 'POST', '/account/email', { token: client.token, body: { email: newEmail, password: PASSWORD } });
    expect(asked.status).toBe(202);
    expect(asked.body.profile).toMatchObject({ email: oldEmail, pending_email: newEmail });
    // Nothing changes until the link is opened.
    expect((await login(t.app, oldEmail)).status).toBe(200);

    const [toNew] = await mailsTo(t.app, newEmail);
    expect(toNew.subject).toMatch(/^Confirm your new .* e-mail address$/);
    const [toOld] = await mailsTo(t.app, oldEmail);
    expect(toOld.text).toContain(newEmail);
    const token = tokenFromLink(linkIn(toNew.text, '/confirm-email'));

    const confirmed = await call(t.app, 'POST', '/account/email/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });
    expect((await login(t.app, oldEmail)).status).toBe(401);
    expect((await login(t.app, newEmail)).status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/me', { token: client.token })).body.user.email).toBe(newEmail);
    expect((await mailsTo(t.app, oldEmail))[0].subject).toMatch(/e-mail address was changed$/);

    const again = await call(t.app, 'POST', '/account/email/confirm', { body: { token } });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('LINK_INVALID');
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.changed'), eq(auditLog.entityId, client.user.id)));
    expect(audit).toMatchObject({ before: { email: oldEmail }, after: { email: newEmail } });
  });

  it('answers an address another account has as any other, changing nothing, and refuses a link whose address was taken meanwhile', async () => {
    const a = await signupClient(t.app);
    const b = await signupClient(t.app);
    const taken = await call(t.app, 'POST', '/account/email', { token: a.token, body: { email: b.user.email.toUpperCase(), password: PASSWORD } });
    const free = await call(t.app, 'POST', '/account/email', { token: a.token, body: { email: uniqueEmail('free'), password: PASSWORD } });
    expect(taken.status).toBe(202);
    expect(free.status).toBe(202);
    // The same answer but for the address itself: a change to it is pending either way.
    const same = (body: any) => JSON.stringify(body).replaceAll(body.profile.pending_email, '<address>');
    expect(taken.body.profile.pending_email).toBe(b.user.email.toUpperCase());
    expect(same(taken.body)).toBe(same(free.body));
    // The owner of that address is told, and no link to take it was made.
    const [note] = await mailsTo(t.app, b.user.email.toUpperCase());
    expect(note!.text).toContain('which has an account already: nothing was changed');
    expect(note!.text).not.toContain('/confirm-email');
    expect((await call(t.app, 'GET', '/auth/me', { token: b.token })).body.user.email).toBe(b.user.email);
    expect((await call(t.app, 'GET', '/auth/me', { token: a.token })).body.user.email).toBe(a.user.email);

    const wanted = uniqueEmail('contested');
    must(await call(t.app, 'POST', '/account/email', { token: a.token, body: { email: wanted, password: PASSWORD } }), 202, 'ask');
    const token = tokenFromLink(linkIn((await mailsTo(t.app, wanted))[0].text, '/confirm-email'));
    await signupClient(t.app, { email: wanted });
    const late = await call(t.app, 'POST', '/account/email/confirm', { body: { token } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('EMAIL_TAKEN');
  });

  it('lets only the latest link count, and links expire after a day', async () => {
    const client = await signupClient(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    must(await call(t.app, 'POST', '/account/email', { token: client.token, body: { email: first, password: PASSWORD } }), 202, 'first');
    must(await call(t.app, 'POST', '/account/email', { token: client.token, body: { email: second, password: PASSWORD } }), 202, 'second');
    const firstToken = tokenFromLink(linkIn((await mailsTo(t.app, first))[0].text, '/confirm-email'));
    const secondToken = tokenFromLink(linkIn((await mailsTo(t.app, second))[0].text, '/confirm-email'));
    expect((await call(t.app, 'POST', '/account/email/confirm', { body: { token: firstToken } })).status).toBe(404);
    t.clock.advance(24 * 3_600_000);
    expect((await call(t.app, 'POST', '/account/email/confirm', { body: { token: secondToken } })).status).toBe(404);
  });
});

describe('changing the password', () => {
  it('needs the current one, keeps this session and ends the others', async () => {
    const client = await signupClient(t.app);
    const other = must(await login(t.app, client.user.email), 200, 'other').body.token;
    const wrong = await call(t.app, 'POST', '/account/password', {
      token: client.token,
      body: { current_password: 'nope-nope', password: 'brand-new-pass' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    expect((await call(t.app, 'GET', '/auth/me', { token: other })).status).toBe(200);

    const ok = await call(t.app, 'POST', '/account/password', {
      token: client.token,
      body: { current_password: PASSWORD, password: 'brand-new-pass' },
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(ok.status).toBe(204);
    expect((await call(t.app, 'GET', '/auth/me', { token: client.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/me', { token: other })).status).toBe(401);
    expect((await login(t.app, client.user.email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, client.user.email, 'brand-new-pass')).status).toBe(200);
    const [mail] = await mailsTo(t.app, client.user.email);
    expect(mail.subject).toMatch(/password was changed$/);
    expect(mail.text).toContain('203.0.113.5');
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.changed'), eq(auditLog.entityId, client.user.id)));
    expect(audit.ip).toBe('203.0.113.5');
  });
});

describe('sessions', () => {
  it('lists the active ones with device, address and last use, and signs out everywhere else', async () => {
    const client = await signupClient(t.app);
    const onFirefox = must(
      await login(t.app, client.user.email, PASSWORD, { 'user-agent': FIREFOX, 'x-forwarded-for': '198.51.100.1' }),
      200,
      'firefox',
    );
    t.clock.advance(120_000);
    const onPhone = must(await login(t.app, client.user.email, PASSWORD, { 'user-agent': IPHONE, 'x-forwarded-for': '198.51.100.2' }), 200, 'phone');
    const loggedOut = must(await login(t.app, client.user.email), 200, 'short-lived').body.token;
    must(await call(t.app, 'POST', '/auth/logout', { token: loggedOut }), 204, 'logout');

    const list = must(await call(t.app, 'GET', '/account/sessions', { token: onFirefox.body.token }), 200, 'list').body.items;
    expect(list).toHaveLength(3);
    const phone = list.find((s: { device: string }) => s.device === 'Safari on iPhone');
    expect(phone).toMatchObject({ ip: '198.51.100.2', current: false });
    const firefox = list.find((s: { current: boolean }) => s.current);
    expect(firefox).toMatchObject({ device: 'Firefox on Windows', ip: '198.51.100.1' });
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const revoked = must(await call(t.app, 'POST', '/account/sessions/revoke-others', { token: onPhone.body.token }), 200, 'revoke').body;
    expect(revoked).toEqual({ revoked: 2 });
    expect((await call(t.app, 'GET', '/auth/me', { token: onPhone.body.token })).status).toBe(200);
    for (const token of [client.token, onFirefox.body.token]) expect((await call(t.app, 'GET', '/auth/me', { token })).status).toBe(401);
    const left = must(await call(t.app, 'GET', '/account/sessions', { token: onPhone.body.token }), 200, 'left').body.items;
    expect(left.map((s: { device: string; current: boolean }) => [s.device, s.current])).toEqual([['Safari on iPhone', true]]);
  });

  it('ends one session of one’s own, and no one else’s', async () => {
    const client = await signupClient(t.app);
    const other = must(await login(t.app, client.user.email), 200, 'other').body.token;
    const list = must(await call(t.app, 'GET', '/account/sessions', { token: client.token }), 200, 'list').body.items;
    const otherId = list.find((s: { current: boolean }) => !s.current).id;
    const stranger = await signupClient(t.app);
    expect((await call(t.app, 'DELETE', `/account/sessions/${otherId}`, { token: stranger.token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/auth/me', { token: other })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/account/sessions/${otherId}`, { token: client.token })).status).toBe(204);
    expect((await call(t.app, 'GET', '/auth/me', { token: other })).status).toBe(401);
  });
});

describe('notification preferences', () => {
  async function approveProjectOf(client: AuthResponse) {
    const created = await call(t.app, 'POST', '/projects', { token: client.token, body: { title: 'Preferences', description: 'Who is mailed?' } });
    const id = must(created, 201, 'project').body.project.id;
    must(await call(t.app, 'POST', `/projects/${id}/approve`, { token: owner.token, body: { team_lead_id: lead.user.id } }), 200, 'approve');
    return id as string;
  }

  it('lists every kind of event, e-mail on by default', async () => {
    const client = await signupClient(t.app);
    const res = must(await call(t.app, 'GET', '/account/notification-preferences', { token: client.token }), 200, 'get');
    expect(res.body.preferences.map((p: { category: string; channel: string }) => [p.category, p.channel])).toEqual([
      ['message', 'in_app_and_email'],
      ['project_status', 'in_app_and_email'],
      ['tool_request', 'in_app_and_email'],
      ['contract', 'in_app_and_email'],
      ['invoice', 'in_app_and_email'],
      ['account', 'in_app_and_email'],
    ]);
  });

  it('offer employees their board, training and timesheet news too, and staff their board and timesheet news', async () => {
    const categories = async (token: string) =>
      must(await call(t.app, 'GET', '/account/notification-preferences', { token }), 200, 'get').body.preferences.map(
        (p: { category: string }) => p.category,
      );
    expect(await categories(lead.token)).toEqual([
      'message',
      'project_status',
      'tool_request',
      'contract',
      'invoice',
      'board',
      'training',
      'time',
      'account',
    ]);
    expect(await categories(owner.token)).toEqual(['message', 'project_status', 'tool_request', 'contract', 'invoice', 'board', 'time', 'account']);
  });

  it('are honoured when a notification is sent: in the app for everyone, by e-mail only for those who want it', async () => {
    const quiet = await signupClient(t.app);
    const loud = await signupClient(t.app);
    const set = await call(t.app, 'PUT', '/account/notification-preferences', {
      token: quiet.token,
      body: { preferences: { project_status: 'in_app', tool_request: 'in_app' } },
    });
    expect(set.status).toBe(200);
    expect(set.body.preferences.find((p: { category: string }) => p.category === 'project_status').channel).toBe('in_app');
    expect(set.body.preferences.find((p: { category: string }) => p.category === 'message').channel).toBe('in_app_and_email');

    const quietProject = await approveProjectOf(quiet);
    await approveProjectOf(loud);
    const inApp = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, Number(quiet.user.id)), eq(notifications.kind, 'project_approved')));
    expect(inApp.map((n) => n.projectId)).toEqual([Number(quietProject)]);
    expect((await mailsTo(t.app, quiet.user.email)).filter((m) => m.subject.startsWith('Project approved'))).toEqual([]);
    expect((await mailsTo(t.app, loud.user.email)).filter((m) => m.subject.startsWith('Project approved'))).toHaveLength(1);

    // Back to e-mail: the next one is mailed again.
    must(
      await call(t.app, 'PUT', '/account/notification-preferences', {
        token: quiet.token,
        body: { preferences: { project_status: 'in_app_and_email' } },
      }),
      200,
      'back',
    );
    await approveProjectOf(quiet);
    expect((await mailsTo(t.app, quiet.user.email)).filter((m) => m.subject.startsWith('Project approved'))).toHaveLength(1);
  });

  it('never hold back security mail', async () => {
    const client = await signupClient(t.app);
    must(
      await call(t.app, 'PUT', '/account/notification-preferences', { token: client.token, body: { preferences: { account: 'in_app' } } }),
      200,
      'set',
    );
    must(
      await call(t.app, 'POST', '/account/password', { token: client.token, body: { current_password: PASSWORD, password: 'another-pass-1' } }),
      204,
      'change',
    );
    const mails = (await mailsTo(t.app, client.user.email)).filter((m) => !/finish signing up/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/password was changed$/)]);
  });
});
