import { INVITEE_HAS_ACCOUNT_MESSAGE, LAST_OWNER_MESSAGE, type AuthResponse } from '@agency/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, notifications, users } from '../src/db/schema.js';
import {
  PASSWORD,
  call,
  createTestApp,
  deliveredMails,
  inviteAndSignup,
  inviteColleague,
  linkIn,
  login,
  mailsTo,
  signupClient,
  signupSuperadmin,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from './helpers.js';
import { eventually, pdfText } from './invoice-helpers.js';

// Client companies (issue 30): several people per client, each with a role, sharing the company's projects,
// documents and chat. Invitations bring colleagues in; owners manage people; staff see every company.
let t: TestApp;
let superadmin: AuthResponse;
let admin: AuthResponse;
let lead: AuthResponse;
let teammember: AuthResponse;
/** Acme's first owner, and a client of another company. */
let acme: AuthResponse;
let other: AuthResponse;

beforeAll(async () => {
  // One second of "unread" is enough for an e-mail here; the test clock is moved past it.
  t = await createTestApp({ MESSAGE_EMAIL_DELAY_MINUTES: '0.02' });
  superadmin = await signupSuperadmin(t.app);
  admin = await inviteAndSignup(t.app, superadmin.token, 'admin');
  lead = await inviteAndSignup(t.app, superadmin.token, 'teamlead');
  teammember = await inviteAndSignup(t.app, superadmin.token, 'teammember');
  acme = await signupClient(t.app, { name: 'Alice Founder', company: 'Acme Widgets Ltd' });
  other = await signupClient(t.app, { name: 'Olga Other' });
});
afterAll(async () => t.close());

const get = (token: string, path: string, query?: Record<string, string>) => call(t.app, 'GET', path, { token, query });

/** A fresh company: its owner signs up, and invites one colleague of each other role. */
async function company(name: string) {
  const owner = await signupClient(t.app, { name: `${name} Owner`, company: name });
  const billing = await inviteColleague(t.app, owner.token, 'billing', { name: `${name} Billing` });
  const member = await inviteColleague(t.app, owner.token, 'member', { name: `${name} Member` });
  return { owner, billing, member };
}

/** A project of the company asked for by `by`, approved with the team. */
async function approvedProject(by: AuthResponse, title: string, budget = 800_000) {
  const created = await call(t.app, 'POST', '/projects', {
    token: by.token,
    body: { title, description: 'A project of the company.', ...(budget ? { budget_minor: budget } : {}) },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.project.id as string;
  const approved = await call(t.app, 'POST', `/projects/${id}/approve`, {
    token: superadmin.token,
    body: { team_lead_id: lead.user.id, member_ids: [teammember.user.id] },
  });
  expect(approved.status, approved.text).toBe(200);
  return id;
}

describe('sign-up', () => {
  it('makes a company named after the form, or after the person, with the person as its owner', async () => {
    const founder = await signupClient(t.app, { name: 'Fay Founder', company: 'Founders Ltd' });
    const me = await get(founder.token, '/auth/me');
    expect(me.body.user).toMatchObject({ role: 'client', company_id: expect.stringMatching(/^\d+$/), company_role: 'owner' });
    const mine = await get(founder.token, '/company');
    expect(mine.status).toBe(200);
    expect(mine.body.company).toEqual({
      id: me.body.user.company_id,
      name: 'Founders Ltd',
      billing_address: null,
      country: null,
      tax_number: null,
      billing_email: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await get(other.token, '/company')).body.company.name).toBe('Olga Other');
    const members = await get(founder.token, '/company/members');
    expect(members.body.items).toEqual([
      {
        id: founder.user.id,
        name: 'Fay Founder',
        email: founder.user.email,
        company_role: 'owner',
        status: 'active',
        created_at: expect.any(String),
      },
    ]);
    // Staff and employees belong to no company.
    expect((await get(admin.token, '/auth/me')).body.user).toMatchObject({ company_id: null, company_role: null });
    expect((await get(admin.token, '/company')).status).toBe(403);
  });
});

describe('company details', () => {
  it('are changed by an owner only, checked field by field, and null clears one', async () => {
    const c = await company('Details Co');
    const patch = (token: string, body: unknown) => call(t.app, 'PATCH', '/company', { token, body });
    const changed = await patch(c.owner.token, {
      name: 'Details Company',
      billing_address: '1 High Street\nLondon',
      country: 'gb',
      tax_number: 'GB123456789',
      billing_email: 'accounts@details.example',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.company).toMatchObject({
      name: 'Details Company',
      billing_address: '1 High Street\nLondon',
      country: 'GB',
      tax_number: 'GB123456789',
      billing_email: 'accounts@details.example',
    });
    const cleared = await patch(c.owner.token, { tax_number: null, billing_email: '' });
    expect(cleared.body.company).toMatchObject({ name: 'Details Company', country: 'GB', tax_number: null, billing_email: null });

    for (const bad of [{ country: 'XX' }, { name: '' }, { billing_email: 'not an address' }, { billing_address: 'x'.repeat(501) }]) {
      const res = await patch(c.owner.token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await get(c.member.token, '/company')).body.company).toMatchObject({ name: 'Details Company', tax_number: null });
    for (const colleague of [c.billing, c.member]) {
      expect(await patch(colleague.token, { name: 'Taken over' })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect((await get(c.owner.token, '/company')).body.company.name).toBe('Details Company');
  });
});

describe('invitations', () => {
  it('are mailed, single use, and sign the colleague in with the role the owner chose', async () => {
    const email = uniqueEmail('bob');
    const invited = await call(t.app, 'POST', '/company/invitations', { token: acme.token, body: { email, role: 'billing' } });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body).toEqual({
      invitation: { id: expect.stringMatching(/^\d+$/), email, role: 'billing', expires_at: expect.any(String) },
      link: expect.stringMatching(/^http:\/\/app\.test\/company-invitation\?token=[A-Za-z0-9_-]+$/),
    });
    const [mail] = await deliveredMails(t, email);
    expect(mail.subject).toBe(`Alice Founder invites you to Acme Widgets Ltd on ${t.config.brandName}`);
    expect(mail.text).toContain('as a billing contact');
    expect(linkIn(mail.text, '/company-invitation')).toBe(invited.body.link);
    const pending = await get(acme.token, '/company/invitations');
    expect(pending.body.items).toContainEqual(invited.body.invitation);

    const token = tokenFromLink(invited.body.link);
    const accepted = await call(t.app, 'POST', '/company/invitations/accept', {
      body: { invite_token: token, name: 'Bob Billing', password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.user).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'Bob Billing',
      email,
      role: 'client',
      company_id: acme.user.company_id,
      company_role: 'billing',
      locale: null,
    });
    expect((await get(accepted.body.token, '/auth/me')).body.user).toEqual(accepted.body.user);
    expect((await get(accepted.body.token, '/company')).body.company.name).toBe('Acme Widgets Ltd');
    expect(
      (await get(acme.token, '/company/members')).body.items.map((m: { email: string; company_role: string }) => [m.email, m.company_role]),
    ).toContainEqual([email, 'billing']);

    // Once only, and no longer pending.
    const again = await call(t.app, 'POST', '/company/invitations/accept', { body: { invite_token: token, name: 'Bob Again', password: PASSWORD } });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('INVITATION_INVALID');
    expect((await get(acme.token, '/company/invitations')).body.items.map((i: { id: string }) => i.id)).not.toContain(invited.body.invitation.id);
    // A company's link opens nothing on the staff sign-up doors.
    expect((await get('', '/invitations/preview', { token })).status).toBe(404);
  });

  it('are each company’s own: another invitation to the same address, staff’s or another company’s, leaves them usable', async () => {
    const email = uniqueEmail('wanted');
    const ours = await call(t.app, 'POST', '/company/invitations', { token: acme.token, body: { email, role: 'member' } });
    expect((await call(t.app, 'POST', '/company/invitations', { token: other.token, body: { email, role: 'owner' } })).status).toBe(201);
    expect((await call(t.app, 'POST', '/invitations', { token: superadmin.token, body: { email, role: 'teammember' } })).status).toBe(201);
    const accepted = await call(t.app, 'POST', '/company/invitations/accept', {
      body: { invite_token: tokenFromLink(ours.body.link), name: 'Wanda Wanted', password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.user).toMatchObject({ company_id: acme.user.company_id, company_role: 'member' });
  });

  it('expire: a late link makes nothing', async () => {
    const email = uniqueEmail('late');
    const invited = await call(t.app, 'POST', '/company/invitations', { token: acme.token, body: { email, role: 'member' } });
    t.clock.advance(t.config.invitationTtlMs + 60_000);
    const late = await call(t.app, 'POST', '/company/invitations/accept', {
      body: { invite_token: tokenFromLink(invited.body.link), name: 'Late Larry', password: PASSWORD },
    });
    expect(late.status).toBe(404);
    expect(late.body.code).toBe('INVITATION_INVALID');
    expect((await login(t.app, email)).status).toBe(401);
    expect((await get(acme.token, '/company/invitations')).body.items.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('can be withdrawn by the owner: the link stops working', async () => {
    const email = uniqueEmail('withdrawn');
    const invited = await call(t.app, 'POST', '/company/invitations', { token: acme.token, body: { email, role: 'member' } });
    const id = invited.body.invitation.id;
    expect((await call(t.app, 'DELETE', `/company/invitations/${id}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/company/invitations/${id}`, { token: acme.token })).status).toBe(204);
    expect((await call(t.app, 'DELETE', `/company/invitations/${id}`, { token: acme.token })).status).toBe(404);
    const res = await call(t.app, 'POST', '/company/invitations/accept', {
      body: { invite_token: tokenFromLink(invited.body.link), name: 'Wendy', password: PASSWORD },
    });
    expect(res.status).toBe(404);
    expect((await login(t.app, email)).status).toBe(401);
  });

  it('refuse an address that has an account elsewhere, with the message, and move nothing', async () => {
    const res = await call(t.app, 'POST', '/company/invitations', {
      token: acme.token,
      body: { email: other.user.email.toUpperCase(), role: 'owner' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'EMAIL_TAKEN', error: INVITEE_HAS_ACCOUNT_MESSAGE });
    expect(await mailsTo(t.app, other.user.email.toUpperCase())).toEqual([]);
    const rows = await t.app.ctx.db.select().from(invitations).where(eq(invitations.emailNormalized, other.user.email.toLowerCase()));
    expect(rows).toEqual([]);
    expect((await get(other.token, '/auth/me')).body.user).toMatchObject({ company_id: other.user.company_id, company_role: 'owner' });
    expect((await get(acme.token, '/company/members')).body.items.map((m: { id: string }) => m.id)).not.toContain(other.user.id);
    // Staff addresses too.
    expect((await call(t.app, 'POST', '/company/invitations', { token: acme.token, body: { email: admin.user.email, role: 'member' } })).status).toBe(
      409,
    );
  });

  it('refuse an address that got an account after the invitation was sent, and make nothing', async () => {
    const email = uniqueEmail('raced');
    const invited = await call(t.app, 'POST', '/company/invitations', { token: acme.token, body: { email, role: 'member' } });
    const elsewhere = await signupClient(t.app, { email, name: 'Rita Raced' });
    const res = await call(t.app, 'POST', '/company/invitations/accept', {
      body: { invite_token: tokenFromLink(invited.body.link), name: 'Rita', password: `${PASSWORD}-2` },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'EMAIL_TAKEN', error: INVITEE_HAS_ACCOUNT_MESSAGE });
    expect((await get(elsewhere.token, '/auth/me')).body.user).toMatchObject({ name: 'Rita Raced', company_id: elsewhere.user.company_id });
    expect(elsewhere.user.company_id).not.toBe(acme.user.company_id);
  });

  it('are the owners’ to send and see: billing people and members are refused', async () => {
    const c = await company('Invites Co');
    for (const colleague of [c.billing, c.member]) {
      const res = await call(t.app, 'POST', '/company/invitations', { token: colleague.token, body: { email: uniqueEmail('x'), role: 'member' } });
      expect(res.status).toBe(403);
      expect((await get(colleague.token, '/company/invitations')).status).toBe(403);
    }
    const bad = await call(t.app, 'POST', '/company/invitations', { token: c.owner.token, body: { email: uniqueEmail('x'), role: 'boss' } });
    expect(bad.status).toBe(400);
  });
});

describe('roles', () => {
  it('the owner changes a role, which takes effect at once; another company’s person is not found', async () => {
    const c = await company('Roles Co');
    expect((await get(c.member.token, '/invoices')).status).toBe(403);
    const promoted = await call(t.app, 'PATCH', `/company/members/${c.member.user.id}`, { token: c.owner.token, body: { role: 'billing' } });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.member).toMatchObject({ id: c.member.user.id, company_role: 'billing', status: 'active' });
    expect((await get(c.member.token, '/auth/me')).body.user.company_role).toBe('billing');
    expect((await get(c.member.token, '/invoices')).status).toBe(200);

    expect((await call(t.app, 'PATCH', `/company/members/${c.member.user.id}`, { token: c.billing.token, body: { role: 'owner' } })).status).toBe(
      403,
    );
    expect((await call(t.app, 'PATCH', `/company/members/${other.user.id}`, { token: c.owner.token, body: { role: 'member' } })).status).toBe(404);
    expect((await call(t.app, 'PATCH', `/company/members/${admin.user.id}`, { token: c.owner.token, body: { role: 'member' } })).status).toBe(404);
    expect((await get(other.token, '/auth/me')).body.user.company_role).toBe('owner');
  });

  it('a company keeps an owner: the last one can be neither demoted nor removed (409), a second one can', async () => {
    const c = await company('Last Owner Co');
    const demote = (id: string, token = c.owner.token) => call(t.app, 'PATCH', `/company/members/${id}`, { token, body: { role: 'member' } });
    for (const res of [await demote(c.owner.user.id), await call(t.app, 'DELETE', `/company/members/${c.owner.user.id}`, { token: c.owner.token })]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'LAST_OWNER', error: LAST_OWNER_MESSAGE });
    }
    expect((await get(c.owner.token, '/auth/me')).body.user.company_role).toBe('owner');

    expect((await call(t.app, 'PATCH', `/company/members/${c.billing.user.id}`, { token: c.owner.token, body: { role: 'owner' } })).status).toBe(200);
    expect((await demote(c.owner.user.id)).status).toBe(200);
    // The first owner is a member now: managing people is no longer theirs; the new owner is the last one.
    expect((await demote(c.billing.user.id)).status).toBe(403);
    expect((await demote(c.billing.user.id, c.billing.token)).body.code).toBe('LAST_OWNER');
  });
});

describe('removing a person', () => {
  it('signs them out everywhere at once, stops their links, and keeps them listed as removed', async () => {
    const c = await company('Removal Co');
    const projectId = await approvedProject(c.owner, 'Removal project');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/attachments`,
      headers: { authorization: `Bearer ${c.member.token}`, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="files"; filename="brief.txt"\r\nContent-Type: text/plain\r\n\r\nThe brief\r\n--b--\r\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // A link the member was given in their own session works until they are removed.
    const project = await get(c.member.token, `/projects/${projectId}`);
    const link = project.body.project.attachments[0].url as string;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const second = (await login(t.app, c.member.user.email)).body.token as string;

    expect((await call(t.app, 'DELETE', `/company/members/${c.member.user.id}`, { token: c.billing.token })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/company/members/${c.member.user.id}`, { token: c.owner.token })).status).toBe(204);
    for (const token of [c.member.token, second]) expect((await get(token, '/auth/me')).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    expect(await login(t.app, c.member.user.email)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_DISABLED' } });
    const members = (await get(c.owner.token, '/company/members')).body.items;
    expect(members.find((m: { id: string }) => m.id === c.member.user.id)).toMatchObject({ status: 'disabled', company_role: 'member' });
    // Again changes nothing; the company's records stay.
    expect((await call(t.app, 'DELETE', `/company/members/${c.member.user.id}`, { token: c.owner.token })).status).toBe(204);
    expect((await get(c.owner.token, `/projects/${projectId}`)).body.project.attachments).toHaveLength(1);
    expect((await call(t.app, 'PATCH', `/company/members/${c.member.user.id}`, { token: c.owner.token, body: { role: 'owner' } })).status).toBe(409);
  });
});

describe('who sees what', () => {
  it('every person sees the company’s projects; members see no budget and no invoice', async () => {
    const c = await company('Money Co');
    const projectId = await approvedProject(c.owner, 'Money project', 1_200_000);
    for (const who of [c.owner, c.billing]) {
      expect((await get(who.token, `/projects/${projectId}`)).body.project.budget_minor).toBe(1_200_000);
      expect((await get(who.token, '/projects')).body.items.find((p: { id: string }) => p.id === projectId).budget_minor).toBe(1_200_000);
    }
    const asMember = await get(c.member.token, `/projects/${projectId}`);
    expect(asMember.status).toBe(200);
    // The project names its company, the one staff read its people from to name a contract's signer.
    const companyId = (await get(c.owner.token, '/company')).body.company.id;
    expect(asMember.body.project.company_id).toBe(companyId);
    expect((await get(admin.token, `/projects/${projectId}`)).body.project.company_id).toBe(companyId);
    expect(asMember.body.project.budget_minor).toBeNull();
    expect((await get(c.member.token, '/projects')).body.items.find((p: { id: string }) => p.id === projectId).budget_minor).toBeNull();
    expect((await get(c.member.token, `/projects/${projectId}/activity`)).status).toBe(200);
    expect((await get(other.token, `/projects/${projectId}`)).status).toBe(404);

    const draft = await call(t.app, 'POST', '/invoices', {
      token: admin.token,
      body: { project_id: projectId, lines: [{ description: 'Design', quantity: 1, unit_price: 10000, tax_rate: 20 }] },
    });
    const invoiceId = draft.body.invoice.id;
    expect((await call(t.app, 'POST', `/invoices/${invoiceId}/send`, { token: admin.token })).status).toBe(200);
    for (const who of [c.owner, c.billing]) {
      expect((await get(who.token, `/invoices/${invoiceId}`)).status).toBe(200);
      expect((await get(who.token, '/invoices')).body.items.map((i: { id: string }) => i.id)).toContain(invoiceId);
    }
    for (const res of [
      await get(c.member.token, '/invoices'),
      await get(c.member.token, `/invoices/${invoiceId}`),
      await get(c.member.token, `/invoices/${invoiceId}/pdf`),
      await call(t.app, 'POST', `/invoices/${invoiceId}/checkout`, { token: c.member.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await get(other.token, `/invoices/${invoiceId}`)).status).toBe(404);
    // The billing person pays.
    expect((await call(t.app, 'POST', `/invoices/${invoiceId}/checkout`, { token: c.billing.token })).status).toBe(200);

    // A member asks for work, without a budget; billing people only follow projects.
    const withBudget = await call(t.app, 'POST', '/projects', {
      token: c.member.token,
      body: { title: 'Member idea', description: 'An idea from a member.', budget_minor: 1000 },
    });
    expect(withBudget.status).toBe(403);
    const idea = await call(t.app, 'POST', '/projects', {
      token: c.member.token,
      body: { title: 'Member idea', description: 'An idea from a member.' },
    });
    expect(idea.status).toBe(201);
    expect((await get(c.owner.token, `/projects/${idea.body.project.id}`)).body.project.client).toEqual({
      id: c.member.user.id,
      name: 'Money Co Member',
    });
    expect(
      (await call(t.app, 'POST', '/projects', { token: c.billing.token, body: { title: 'Billing idea', description: 'Not theirs to ask.' } })).status,
    ).toBe(403);

    // Tool requests are every person's.
    const asked = await call(t.app, 'POST', '/tool-requests', {
      token: c.member.token,
      body: { name: 'Figma seat', category: 'Software licence', reason: 'Design reviews', quantity: 1 },
    });
    expect(asked.status).toBe(201);
    for (const who of [c.owner, c.billing]) expect((await get(who.token, `/tool-requests/${asked.body.tool_request.id}`)).status).toBe(200);
    expect((await get(other.token, `/tool-requests/${asked.body.tool_request.id}`)).status).toBe(404);
  });

  it('notifies every person of the company: project news and tool request decisions', async () => {
    const c = await company('Notice Co');
    const projectId = await approvedProject(c.member, 'Notice project', 0);
    const asked = await call(t.app, 'POST', '/tool-requests', {
      token: c.billing.token,
      body: { name: 'Test phone', category: 'Hardware', reason: 'Testing the app', quantity: 1 },
    });
    expect(
      (await call(t.app, 'POST', `/tool-requests/${asked.body.tool_request.id}/decision`, { token: admin.token, body: { action: 'approve' } }))
        .status,
    ).toBe(200);
    for (const who of [c.owner, c.billing, c.member]) {
      const items = (await get(who.token, '/notifications')).body.items as { kind: string; target: { type: string; id: string } }[];
      expect(items.some((n) => n.kind === 'project_approved' && n.target.id === projectId)).toBe(true);
      expect(items.some((n) => n.kind === 'tool_request_approved' && n.target.id === asked.body.tool_request.id)).toBe(true);
    }
    expect((await get(other.token, '/notifications')).body.items.some((n: { target: { id: string } | null }) => n.target?.id === projectId)).toBe(
      false,
    );
  });
});

describe('the project chat', () => {
  it('is one thread every person writes in, with each sender’s name and read receipts per person', async () => {
    const c = await company('Chat Co');
    const projectId = await approvedProject(c.owner, 'Chat project');
    const conversationId = `${projectId}:${c.owner.user.id}`;
    const conversations = await get(c.member.token, '/client/conversations', { user_id: c.member.user.id });
    expect(conversations.body.conversations.map((x: { conversation_id: string }) => x.conversation_id)).toContain(conversationId);

    const fromMember = await call(t.app, 'POST', '/client/send-message', {
      token: c.member.token,
      body: { sender_id: c.member.user.id, receiver_id: superadmin.user.id, conversation_id: conversationId, message_content: 'Can we add a FAQ?' },
    });
    expect(fromMember.status, fromMember.text).toBe(201);
    expect(fromMember.body.message).toMatchObject({ sender_id: c.member.user.id, receiver_id: superadmin.user.id, sender_name: 'Chat Co Member' });
    const inbox = await get(superadmin.token, '/superadmin/conversations', { user_id: superadmin.user.id });
    expect(inbox.body.conversations.find((x: { conversation_id: string }) => x.conversation_id === conversationId)).toMatchObject({
      other_user_id: c.owner.user.id,
      last_sender_name: 'Chat Co Member',
    });

    const answer = await call(t.app, 'POST', '/superadmin/send-message', {
      token: superadmin.token,
      body: { sender_id: superadmin.user.id, receiver_id: c.owner.user.id, conversation_id: conversationId, message_content: 'Yes, next week.' },
    });
    expect(answer.status, answer.text).toBe(201);
    const answerId = answer.body.message.id as number;
    // Every person hears of it, and counts it unread.
    for (const who of [c.owner, c.billing, c.member]) {
      const bell = await t.app.ctx.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, Number(who.user.id)), eq(notifications.kind, 'message_received'), eq(notifications.targetId, conversationId)),
        );
      expect(bell).toHaveLength(1);
      expect((await get(who.token, '/messages/unread-count')).body.count).toBe(1);
      const polled = await get(who.token, '/client/get-all-messages', { user_id: who.user.id, since_id: '0' });
      expect(polled.body.messages.map((m: { id: number; sender_name: string }) => [m.id, m.sender_name])).toEqual([
        [fromMember.body.message.id, 'Chat Co Member'],
        [answerId, superadmin.user.name],
      ]);
    }
    expect((await get(other.token, '/client/get-all-messages', { user_id: other.user.id, since_id: '0' })).body.messages).toEqual([]);
    expect((await get(other.token, '/client/messages/thread', { conversation_id: conversationId })).status).toBe(404);

    // The member reads it: read for the super admin, and for the member; the others still have it unread.
    const read = await call(t.app, 'PUT', `/client/messages/${answerId}/read`, { token: c.member.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.message).toMatchObject({
      is_read: 1,
      read_at: expect.any(String),
      read_by: [{ user_id: c.member.user.id, name: 'Chat Co Member', read_at: expect.any(String) }],
    });
    expect((await get(c.member.token, '/messages/unread-count')).body.count).toBe(0);
    expect((await get(c.owner.token, '/messages/unread-count')).body.count).toBe(1);
    const unreadList = await get(c.owner.token, '/client/conversations', { user_id: c.owner.user.id });
    expect(unreadList.body.conversations.find((x: { conversation_id: string }) => x.conversation_id === conversationId).unread_count).toBe(1);
    // A colleague's message is theirs to read, never to mark.
    expect((await call(t.app, 'PUT', `/client/messages/${fromMember.body.message.id}/read`, { token: c.owner.token })).status).toBe(403);

    t.clock.advance(5_000);
    expect((await call(t.app, 'PUT', `/client/messages/${answerId}/read`, { token: c.owner.token })).status).toBe(200);
    const thread = await get(superadmin.token, '/superadmin/messages/thread', { conversation_id: conversationId });
    const mine = thread.body.messages.find((m: { id: number }) => m.id === answerId);
    expect(mine.read_by.map((r: { user_id: string; name: string }) => [r.user_id, r.name])).toEqual([
      [c.member.user.id, 'Chat Co Member'],
      [c.owner.user.id, 'Chat Co Owner'],
    ]);
    expect(mine.read_at).toBe(read.body.message.read_at);
    expect(thread.body.messages.find((m: { id: number }) => m.id === fromMember.body.message.id).read_by).toBeUndefined();
    // The colleagues' own threads show the same.
    const theirs = await get(c.billing.token, '/client/messages/thread', { conversation_id: conversationId });
    expect(theirs.body.messages.map((m: { sender_name: string }) => m.sender_name)).toEqual(['Chat Co Member', superadmin.user.name]);
  });

  it('e-mails every person who has not read the super admin’s message after the delay, and only them', async () => {
    const c = await company('Mail Co');
    const projectId = await approvedProject(c.owner, 'Mailed project');
    const conversationId = `${projectId}:${c.owner.user.id}`;
    const sent = await call(t.app, 'POST', '/superadmin/send-message', {
      token: superadmin.token,
      body: { sender_id: superadmin.user.id, receiver_id: c.owner.user.id, conversation_id: conversationId, message_content: 'Please review.' },
    });
    expect((await call(t.app, 'PUT', `/client/messages/${sent.body.message.id}/read`, { token: c.billing.token })).status).toBe(200);
    t.clock.advance(60_000);
    const about = (m: { subject: string }) => m.subject.includes('unread message about Mailed project');
    await deliveredMails(t, c.owner.user.email, 1, about);
    await deliveredMails(t, c.member.user.email, 1, about);
    await new Promise((r) => setTimeout(r, 2000));
    expect(t.delivered.filter((m) => m.to === c.billing.user.email && about(m))).toEqual([]);
  });
});

describe('client contracts', () => {
  it('are drafted for the company’s first owner; staff may name another of its people when sending, who alone signs', async () => {
    const c = await company('Contract Co');
    const projectId = await approvedProject(c.member, 'Contract project', 0);
    const drafted = await eventually(async () => {
      const res = await get(admin.token, '/contracts', { project_id: projectId, kind: 'client' });
      expect(res.body.items).toHaveLength(1);
      return res.body.items[0] as { id: string; signer: { id: string } };
    });
    expect(drafted.signer.id).toBe(c.owner.user.id);
    const send = (signerId: string) => call(t.app, 'POST', `/contracts/${drafted.id}/send`, { token: admin.token, body: { signer_id: signerId } });
    for (const outsider of [other.user.id, lead.user.id]) {
      const refused = await send(outsider);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toContain("an active person of the project's company");
    }
    const sent = await send(c.billing.user.id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.contract).toMatchObject({ status: 'sent', signer: { id: c.billing.user.id, name: 'Contract Co Billing', role: 'client' } });
    expect(sent.body.contract.body_html).toContain('Contract Co');
    await eventually(async () =>
      expect((await mailsTo(t.app, c.billing.user.email)).some((m) => m.subject.startsWith('A contract is ready to sign'))).toBe(true),
    );
    expect((await mailsTo(t.app, c.owner.user.email)).some((m) => m.subject.startsWith('A contract is ready to sign'))).toBe(false);

    // The owner reads every client contract of the company; only the named signer signs; the member sees none.
    expect((await get(c.owner.token, `/contracts/${drafted.id}`)).status).toBe(200);
    expect((await get(c.owner.token, '/contracts')).body.items.map((x: { id: string }) => x.id)).toContain(drafted.id);
    const sign = (who: AuthResponse) =>
      call(t.app, 'POST', `/contracts/${drafted.id}/sign`, { token: who.token, body: { signature_name: who.user.name, agree: true } });
    expect((await sign(c.owner)).status).toBe(403);
    expect((await get(c.member.token, `/contracts/${drafted.id}`)).status).toBe(404);
    expect((await get(c.member.token, '/contracts')).body.items).toEqual([]);
    const signed = await sign(c.billing);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.contract.status).toBe('signed');
  });
});

describe('invoices addressed to the company', () => {
  it('carry the company’s billing details and go to its billing people, its billing address, else its owners', async () => {
    const c = await company('Invoice Co');
    expect(
      (
        await call(t.app, 'PATCH', '/company', {
          token: c.owner.token,
          body: { name: 'Invoice Company GmbH', billing_address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', tax_number: 'DE123456789' },
        })
      ).status,
    ).toBe(200);
    const projectId = await approvedProject(c.member, 'Invoiced project', 0);
    const send = async () => {
      const draft = await call(t.app, 'POST', '/invoices', {
        token: admin.token,
        body: { project_id: projectId, lines: [{ description: 'Build', quantity: 1, unit_price: 50000, tax_rate: 19 }] },
      });
      const sent = await call(t.app, 'POST', `/invoices/${draft.body.invoice.id}/send`, { token: admin.token });
      expect(sent.status, sent.text).toBe(200);
      return sent.body.invoice as { id: string; invoice_no: string; company: unknown; client: unknown };
    };
    const invoice = await send();
    expect(invoice.company).toEqual({
      id: c.owner.user.company_id,
      name: 'Invoice Company GmbH',
      billing_address: 'Hauptstraße 1\n10115 Berlin',
      country: 'DE',
      tax_number: 'DE123456789',
    });
    expect(invoice.client).toMatchObject({ id: c.member.user.id });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/pdf`,
      headers: { authorization: `Bearer ${c.billing.token}` },
    });
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    for (const expected of ['Invoice Company GmbH', 'Hauptstraße 1', '10115 Berlin', 'Germany', 'Tax/VAT number: DE123456789'])
      expect(text).toContain(expected);

    const subject = `New invoice ${invoice.invoice_no}`;
    await eventually(async () => expect((await mailsTo(t.app, c.billing.user.email)).filter((m) => m.subject.startsWith(subject))).toHaveLength(1));
    for (const who of [c.owner, c.member]) expect((await mailsTo(t.app, who.user.email)).filter((m) => m.subject.startsWith(subject))).toEqual([]);
    // In the app: everyone who sees invoices.
    for (const who of [c.owner, c.billing]) {
      expect(
        (await get(who.token, '/notifications')).body.items.some(
          (n: { kind: string; target: { id: string } }) => n.kind === 'invoice_sent' && n.target.id === invoice.id,
        ),
      ).toBe(true);
    }
    const memberNotes = (await get(c.member.token, '/notifications')).body.items as { target: { type: string } | null }[];
    expect(memberNotes.some((n) => n.target?.type === 'invoice')).toBe(false);

    // A billing address is mailed too; with neither billing people nor an address, the owners are.
    await call(t.app, 'PATCH', '/company', { token: c.owner.token, body: { billing_email: 'ap@invoice-co.example' } });
    const second = await send();
    await eventually(async () =>
      expect((await mailsTo(t.app, 'ap@invoice-co.example')).filter((m) => m.subject.startsWith(`New invoice ${second.invoice_no}`))).toHaveLength(1),
    );
    await call(t.app, 'PATCH', '/company', { token: c.owner.token, body: { billing_email: null } });
    await call(t.app, 'PATCH', `/company/members/${c.billing.user.id}`, { token: c.owner.token, body: { role: 'member' } });
    const third = await send();
    await eventually(async () =>
      expect((await mailsTo(t.app, c.owner.user.email)).filter((m) => m.subject.startsWith(`New invoice ${third.invoice_no}`))).toHaveLength(1),
    );
    expect((await mailsTo(t.app, c.billing.user.email)).filter((m) => m.subject.startsWith(`New invoice ${third.invoice_no}`))).toEqual([]);
  });
});

describe('staff see every company', () => {
  it('lists companies with their figures, searches them, shows one, and exports them as CSV', async () => {
    const c = await company('Directory Co');
    const projectId = await approvedProject(c.owner, 'Directory project');
    const draft = await call(t.app, 'POST', '/invoices', {
      token: admin.token,
      body: { project_id: projectId, lines: [{ description: 'Design', quantity: 2, unit_price: 25000, tax_rate: 20 }] },
    });
    await call(t.app, 'POST', `/invoices/${draft.body.invoice.id}/send`, { token: admin.token });
    await call(t.app, 'PATCH', '/company', { token: c.owner.token, body: { tax_number: '=HYPERLINK("x")' } });

    const found = await get(admin.token, '/companies', { q: 'directory co' });
    expect(found.status, found.text).toBe(200);
    expect(found.body.next_cursor).toBeNull();
    expect(found.body.items).toEqual([
      expect.objectContaining({
        id: c.owner.user.company_id,
        name: 'Directory Co',
        people_count: 3,
        projects_count: 1,
        open_invoices_count: 1,
        open_invoices_total: [{ currency: 'GBP', amount: 60000 }],
        last_activity_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      }),
    ]);
    // A person's name or address finds their company too.
    expect((await get(superadmin.token, '/companies', { q: 'Directory Co Billing' })).body.items.map((x: { id: string }) => x.id)).toEqual([
      c.owner.user.company_id,
    ]);
    expect((await get(admin.token, '/companies', { q: c.member.user.email })).body.items.map((x: { id: string }) => x.id)).toEqual([
      c.owner.user.company_id,
    ]);
    expect((await get(admin.token, '/companies', { q: 'no company is called this' })).body.items).toEqual([]);

    // Pages, newest first, each company once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(admin.token, '/companies', { limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.body.items.map((x: { id: string }) => x.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(acme.user.company_id);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));

    const detail = await get(admin.token, `/companies/${c.owner.user.company_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.company.name).toBe('Directory Co');
    expect(detail.body.members.map((m: { name: string; company_role: string }) => [m.name, m.company_role])).toEqual([
      ['Directory Co Owner', 'owner'],
      ['Directory Co Billing', 'billing'],
      ['Directory Co Member', 'member'],
    ]);
    expect(detail.body.projects).toEqual([expect.objectContaining({ id: projectId, budget_minor: 800_000 })]);
    expect((await get(admin.token, '/companies/999999')).status).toBe(404);

    const csv = await get(admin.token, '/companies/export.csv', { q: 'Directory Co' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,billing_address,country,tax_number,billing_email,people_count,projects_count,open_invoices_count,open_invoices_total,last_activity_at,created_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${c.owner.user.company_id},Directory Co,,,"'=HYPERLINK(""x"")",,3,1,1,GBP 600.00,`);

    for (const who of [c.owner, lead]) {
      expect((await get(who.token, '/companies')).status).toBe(403);
      expect((await get(who.token, `/companies/${c.owner.user.company_id}`)).status).toBe(403);
      expect((await get(who.token, '/companies/export.csv')).status).toBe(403);
    }
    // A disabled person no longer counts.
    await call(t.app, 'DELETE', `/company/members/${c.member.user.id}`, { token: c.owner.token });
    expect((await get(admin.token, '/companies', { q: 'Directory Co' })).body.items[0].people_count).toBe(2);
    const [row] = await t.app.ctx.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, Number(c.member.user.id)));
    expect(row.status).toBe('disabled');
  });
});
