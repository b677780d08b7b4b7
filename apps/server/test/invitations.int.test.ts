import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, mailOutbox } from '../src/db/schema.js';
import { hashToken } from '../src/modules/auth/tokens.js';
import {
  FORBIDDEN,
  PASSWORD,
  UNAUTHENTICATED,
  call,
  createTestApp,
  deliveredMails,
  login,
  signInEveryRole,
  signupSuperadmin,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

const INVITATION_INVALID = { error: 'This invitation link is invalid or has expired', code: 'INVITATION_INVALID' };
const NOT_FOUND = { error: 'Invitation not found', code: 'NOT_FOUND' };

type InvitedRole = 'admin' | 'teamlead' | 'teammember';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  t = await createTestApp();
  accounts = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

function createInvitation(token: string, role: InvitedRole, email = uniqueEmail(role)) {
  return call(t.app, 'POST', '/invitations', { token, body: { email, role } });
}

async function invite(role: InvitedRole, by: string = accounts.superadmin.token, email = uniqueEmail(role)) {
  const res = await createInvitation(by, role, email);
  expect(res.status).toBe(201);
  return { id: res.body.invitation.id as string, email, link: res.body.link as string, token: tokenFromLink(res.body.link) };
}

const preview = (token: string) => call(t.app, 'GET', '/invitations/preview', { query: { token } });
const signupPath = (role: InvitedRole) => (role === 'admin' ? '/auth/signup/admin' : '/auth/signup/employee');
const acceptInvitation = (role: InvitedRole, token: string) =>
  call(t.app, 'POST', signupPath(role), { body: { invite_token: token, name: `New ${role}`, password: PASSWORD } });

async function listAll(token: string, group: 'admin' | 'employee', limit = 100) {
  const items: { id: string; email: string; role: string; status: string }[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { role: group, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const res = await call(t.app, 'GET', '/invitations', { token, query });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    cursor = res.body.next_cursor;
  } while (cursor);
  return items;
}

async function mailsTo(email: string) {
  return t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

describe('creating an invitation', () => {
  it('lets the super admin invite an admin: 201 with a single-use signup link', async () => {
    const email = uniqueEmail('admin');
    const before = t.clock.now().getTime();
    const res = await createInvitation(accounts.superadmin.token, 'admin', email);
    expect(res.status).toBe(201);
    expect(res.body.invitation).toMatchObject({ id: expect.stringMatching(/^\d+$/), email, role: 'admin' });
    expect(new Date(res.body.invitation.expires_at).getTime()).toBe(before + t.config.invitationTtlMs);
    expect(res.body.link.startsWith(`${t.config.appUrl}/protected/admin-signup?token=`)).toBe(true);
    const token = tokenFromLink(res.body.link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, Number(res.body.invitation.id)));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('mails the link to the invited address, and the outbox forgets the body once it is delivered', async () => {
    const { email, link } = await invite('admin');
    const mails = await deliveredMails(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`You are invited to join ${t.config.brandName}`);
    expect(mails[0].text).toContain(link);
    expect(mails[0].text).toContain('as an admin');
    const [stored] = await mailsTo(email);
    expect(stored).toMatchObject({ subject: mails[0].subject, transport: 'log', text: '' });
    expect(stored.sentAt).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(tokenFromLink(link));
  });

  it('lets an admin invite team leads and team members', async () => {
    for (const role of ['teamlead', 'teammember'] as const) {
      const res = await createInvitation(accounts.admin.token, role);
      expect(res.status).toBe(201);
      expect(res.body.invitation.role).toBe(role);
      expect(res.body.link).toContain('/protected/admin-signup?token=');
    }
  });

  it('does not let an admin invite an admin: 403 and nothing sent', async () => {
    const email = uniqueEmail('not-admin');
    const res = await createInvitation(accounts.admin.token, 'admin', email);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await listAll(accounts.superadmin.token, 'admin')).map((i) => i.email)).not.toContain(email);
  });

  it.each(['client', 'teamlead', 'teammember'] as const)('does not let a %s invite anyone', async (caller) => {
    for (const role of ['admin', 'teamlead', 'teammember'] as const) {
      const email = uniqueEmail('nope');
      const res = await createInvitation(accounts[caller].token, role, email);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'POST', '/invitations', { body: { email: uniqueEmail('x'), role: 'teammember' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('answers 409 EMAIL_TAKEN for an address that already has an account, in any case', async () => {
    const email = accounts.client.user.email.toUpperCase();
    const res = await createInvitation(accounts.superadmin.token, 'teammember', email);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'An account with this e-mail already exists', code: 'EMAIL_TAKEN' });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('refuses bad input with 400', async () => {
    const badEmail = await call(t.app, 'POST', '/invitations', { token: accounts.superadmin.token, body: { email: 'nope', role: 'admin' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({ error: 'email: Enter a valid e-mail address', code: 'VALIDATION_FAILED' });
    for (const role of ['client', 'superadmin', 'owner']) {
      const res = await call(t.app, 'POST', '/invitations', { token: accounts.superadmin.token, body: { email: uniqueEmail('x'), role } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.error).toMatch(/^role: /);
    }
  });

  it('replaces an earlier pending invitation for the same address', async () => {
    const email = uniqueEmail('twice');
    const first = await invite('teammember', accounts.superadmin.token, email);
    const second = await invite('teamlead', accounts.superadmin.token, email.toUpperCase());
    expect((await preview(first.token)).status).toBe(404);
    expect((await preview(second.token)).body.role).toBe('teamlead');
  });
});

describe('GET /invitations/preview', () => {
  it('tells anyone holding the link what it is for', async () => {
    const { email, token } = await invite('teamlead', accounts.admin.token);
    const res = await preview(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, role: 'teamlead', expires_at: expect.any(String) });
  });

  it('answers 404 INVITATION_INVALID to an unknown token and 400 without one', async () => {
    const unknown = await preview('not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(INVITATION_INVALID);
    const missing = await call(t.app, 'GET', '/invitations/preview');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('accepting an invitation', () => {
  it('creates the admin once; the link then answers 404 INVITATION_INVALID', async () => {
    const { email, token } = await invite('admin');
    const res = await acceptInvitation('admin', token);
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'New admin',
      email,
      role: 'admin',
      company_id: null,
      company_role: null,
      locale: null,
    });
    expect((await login(t.app, email)).body.user.role).toBe('admin');

    const again = await call(t.app, 'POST', '/auth/signup/admin', { body: { invite_token: token, name: 'Second Go', password: 'another-password' } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(INVITATION_INVALID);
    expect((await preview(token)).status).toBe(404);
    expect((await login(t.app, email, 'another-password')).status).toBe(401);
  });

  it('creates an employee with the invited role', async () => {
    const { email, token } = await invite('teammember', accounts.admin.token);
    const res = await acceptInvitation('teammember', token);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: 'teammember' });
  });

  it('does not accept an employee invitation at the admin signup, nor an admin one at the employee signup', async () => {
    const employee = await invite('teamlead');
    const wrongForEmployee = await acceptInvitation('admin', employee.token);
    expect(wrongForEmployee.status).toBe(404);
    expect(wrongForEmployee.body).toEqual(INVITATION_INVALID);
    expect((await login(t.app, employee.email)).status).toBe(401);

    const admin = await invite('admin');
    const wrongForAdmin = await acceptInvitation('teammember', admin.token);
    expect(wrongForAdmin.status).toBe(404);
    expect(wrongForAdmin.body).toEqual(INVITATION_INVALID);
    expect((await login(t.app, admin.email)).status).toBe(401);

    // Neither link was used up by the wrong door.
    expect((await acceptInvitation('teamlead', employee.token)).body.user.role).toBe('teamlead');
    expect((await acceptInvitation('admin', admin.token)).body.user.role).toBe('admin');
  });

  it('accepts only one of two simultaneous signups with the same link', async () => {
    const { token } = await invite('teammember');
    const results = await Promise.all([acceptInvitation('teammember', token), acceptInvitation('teammember', token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 404]);
  });
});

describe('revoking and resending', () => {
  it('revokes a pending invitation: 204, then the link answers 404 and it leaves the list', async () => {
    const { id, token } = await invite('admin');
    const res = await call(t.app, 'DELETE', `/invitations/${id}`, { token: accounts.superadmin.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await preview(token)).body).toEqual(INVITATION_INVALID);
    expect((await acceptInvitation('admin', token)).status).toBe(404);
    expect((await listAll(accounts.superadmin.token, 'admin')).map((i) => i.id)).not.toContain(id);
    const twice = await call(t.app, 'DELETE', `/invitations/${id}`, { token: accounts.superadmin.token });
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual(NOT_FOUND);
  });

  it('resends with a new working link; the old link stops working', async () => {
    const { id, email, token } = await invite('teamlead', accounts.admin.token);
    const res = await call(t.app, 'POST', `/invitations/${id}/resend`, { token: accounts.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.invitation).toMatchObject({ id, email, role: 'teamlead' });
    const fresh = tokenFromLink(res.body.link);
    expect(fresh).not.toBe(token);
    expect((await preview(token)).status).toBe(404);
    expect((await preview(fresh)).status).toBe(200);
    const mails = await deliveredMails(t, email, 2);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes(res.body.link))).toBe(true);
    expect((await acceptInvitation('teamlead', token)).status).toBe(404);
    expect((await acceptInvitation('teamlead', fresh)).status).toBe(201);
  });

  it('does not let an admin revoke or resend an admin invitation', async () => {
    const { id, token } = await invite('admin');
    for (const [method, path] of [
      ['POST', `/invitations/${id}/resend`],
      ['DELETE', `/invitations/${id}`],
    ] as const) {
      const res = await call(t.app, method, path, { token: accounts.admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await preview(token)).status).toBe(200);
  });

  it('answers 404 for an accepted invitation and an unknown id, 400 for a malformed id', async () => {
    const { id, token } = await invite('teammember');
    await acceptInvitation('teammember', token);
    for (const target of [id, '999999']) {
      expect((await call(t.app, 'POST', `/invitations/${target}/resend`, { token: accounts.superadmin.token })).status).toBe(404);
      expect((await call(t.app, 'DELETE', `/invitations/${target}`, { token: accounts.superadmin.token })).status).toBe(404);
    }
    const malformed = await call(t.app, 'DELETE', '/invitations/abc', { token: accounts.superadmin.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /invitations', () => {
  it('lists pending invitations of one group, newest first, page by page', async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await invite('admin'));
    const accepted = await invite('admin');
    await acceptInvitation('admin', accepted.token);
    const employee = await invite('teammember');

    const firstPage = await call(t.app, 'GET', '/invitations', { token: accounts.superadmin.token, query: { role: 'admin', limit: '2' } });
    expect(firstPage.status).toBe(200);
    expect(firstPage.body.items).toHaveLength(2);
    expect(firstPage.body.next_cursor).toEqual(expect.any(String));
    expect(firstPage.body.items.map((i: { email: string }) => i.email)).toEqual([created[4].email, created[3].email]);
    expect(firstPage.body.items[0]).toMatchObject({ id: created[4].id, role: 'admin', status: 'pending', expires_at: expect.any(String) });

    const all = await listAll(accounts.superadmin.token, 'admin', 2);
    const ids = all.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
    for (const c of created) expect(ids).toContain(c.id);
    expect(ids).not.toContain(accepted.id);
    expect(ids).not.toContain(employee.id);
    expect(all.every((i) => i.role === 'admin')).toBe(true);

    const employees = await listAll(accounts.superadmin.token, 'employee');
    expect(employees.map((i) => i.id)).toContain(employee.id);
    expect(employees.every((i) => i.role === 'teamlead' || i.role === 'teammember')).toBe(true);
  });

  it('ends with next_cursor null', async () => {
    const res = await call(t.app, 'GET', '/invitations', { token: accounts.superadmin.token, query: { role: 'admin', limit: '100' } });
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
  });

  it('shows admins the employee group only', async () => {
    const employees = await call(t.app, 'GET', '/invitations', { token: accounts.admin.token, query: { role: 'employee' } });
    expect(employees.status).toBe(200);
    const admins = await call(t.app, 'GET', '/invitations', { token: accounts.admin.token, query: { role: 'admin' } });
    expect(admins.status).toBe(403);
    expect(admins.body).toEqual(FORBIDDEN);
  });

  it('refuses clients and employees (403) and the signed-out (401)', async () => {
    for (const caller of ['client', 'teamlead', 'teammember'] as const) {
      const res = await call(t.app, 'GET', '/invitations', { token: accounts[caller].token, query: { role: 'employee' } });
      expect(res.status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/invitations', { query: { role: 'employee' } })).status).toBe(401);
  });

  it.each([
    ['limit above 100', { role: 'admin', limit: '101' }],
    ['limit 0', { role: 'admin', limit: '0' }],
    ['a non-numeric limit', { role: 'admin', limit: 'ten' }],
    ['no group', {}],
    ['an unknown group', { role: 'client' }],
    ['a malformed cursor', { role: 'admin', cursor: 'not-a-cursor' }],
  ])('answers 400 to %s', async (_label, query: Record<string, string>) => {
    const res = await call(t.app, 'GET', '/invitations', { token: accounts.superadmin.token, query });
    expect(res.status).toBe(400);
    expect(['VALIDATION_FAILED', 'BAD_REQUEST']).toContain(res.body.code);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

// These move the clock by the invitation lifetime, so they run on an app of their own.
describe('invitation expiry', () => {
  let own: TestApp;
  let owner: string;
  beforeAll(async () => {
    own = await createTestApp();
    owner = (await signupSuperadmin(own.app)).token;
  });
  afterAll(async () => own.close());

  async function inviteMember() {
    const res = await call(own.app, 'POST', '/invitations', { token: owner, body: { email: uniqueEmail('member'), role: 'teammember' } });
    expect(res.status).toBe(201);
    return { id: res.body.invitation.id as string, token: tokenFromLink(res.body.link) };
  }
  const previewOn = (token: string) => call(own.app, 'GET', '/invitations/preview', { query: { token } });
  const acceptOn = (token: string) =>
    call(own.app, 'POST', '/auth/signup/employee', { body: { invite_token: token, name: 'New teammember', password: PASSWORD } });

  it('works until its expiry time and answers 404 from then on; the list marks it expired', async () => {
    const { id, token } = await inviteMember();
    own.clock.advance(own.config.invitationTtlMs - 1000);
    expect((await previewOn(token)).status).toBe(200);
    own.clock.advance(1000);
    expect((await previewOn(token)).body).toEqual(INVITATION_INVALID);
    const res = await acceptOn(token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(INVITATION_INVALID);
    const listed = await call(own.app, 'GET', '/invitations', { token: owner, query: { role: 'employee', limit: '100' } });
    expect(listed.body.items.find((i: { id: string }) => i.id === id)?.status).toBe('expired');
  });

  it('can be resent after expiry with a fresh link', async () => {
    const { id } = await inviteMember();
    own.clock.advance(own.config.invitationTtlMs + 1000);
    const res = await call(own.app, 'POST', `/invitations/${id}/resend`, { token: owner });
    expect(res.status).toBe(200);
    expect((await acceptOn(tokenFromLink(res.body.link))).status).toBe(201);
  });
});
