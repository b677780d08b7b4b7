import type { AuthResponse } from '@agency/schema';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import {
  PASSWORD,
  SETUP_KEY,
  call,
  createTestApp,
  inviteAndSignup,
  must,
  signupClient,
  signupSuperadmin,
  tokenFromLink,
  uniqueEmail,
  type TestApp,
} from './helpers.js';

let t: TestApp;
let owner: AuthResponse;
let admin: AuthResponse;
let lead: AuthResponse;
const OWNER_IP = '203.0.113.10';
const ADMIN_IP = '203.0.113.20';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  owner = await signupSuperadmin(t.app);
  admin = await inviteAndSignup(t.app, owner.token, 'admin');
  lead = await inviteAndSignup(t.app, owner.token, 'teamlead');
});
afterAll(async () => t.close());

/** A call from an address of its own (the audit log records it). */
function as(who: AuthResponse, ip: string) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    call(t.app, method, path, { token: who.token, body, headers: { 'x-forwarded-for': ip } });
}
const byOwner = () => as(owner, OWNER_IP);
const byAdmin = () => as(admin, ADMIN_IP);

async function rowsFor(entityType: string, entityId: string) {
  return t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);
}

async function newProject(client: AuthResponse, title = 'Audited project') {
  const res = await call(t.app, 'POST', '/projects', { token: client.token, body: { title, description: 'For the audit log.' } });
  return must(res, 201, 'project').body.project.id as string;
}

describe('what the audit log records', () => {
  it('approvals, rejections and status changes, with the project before and after, who and from where', async () => {
    const client = await signupClient(t.app);
    const approved = await newProject(client);
    must(await byOwner()('POST', `/projects/${approved}/approve`, { team_lead_id: lead.user.id, note: 'Welcome' }), 200, 'approve');
    must(await byAdmin()('POST', `/projects/${approved}/status`, { status: 'in_progress' }), 200, 'start');
    const rejected = await newProject(client);
    must(await byOwner()('POST', `/projects/${rejected}/reject`, { reason: 'Out of scope' }), 200, 'reject');

    const [approval, start] = await rowsFor('project', approved);
    expect(approval).toMatchObject({
      action: 'project.approved',
      actorId: Number(owner.user.id),
      actorRole: 'superadmin',
      ip: OWNER_IP,
      before: { status: 'pending', team_lead_id: null, member_ids: [] },
      after: { status: 'approved', team_lead_id: lead.user.id, member_ids: [], note: 'Welcome' },
    });
    expect(start).toMatchObject({
      action: 'project.status_changed',
      actorId: Number(admin.user.id),
      ip: ADMIN_IP,
      before: { status: 'approved' },
      after: { status: 'in_progress' },
    });
    const [rejection] = await rowsFor('project', rejected);
    expect(rejection).toMatchObject({
      action: 'project.rejected',
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'Out of scope' },
    });
  });

  it('writes nothing for a change that did not happen: the row is part of the change', async () => {
    const client = await signupClient(t.app);
    const id = await newProject(client);
    must(await byOwner()('POST', `/projects/${id}/approve`, { team_lead_id: lead.user.id }), 200, 'approve');
    const clash = await byOwner()('POST', `/projects/${id}/approve`, { team_lead_id: lead.user.id });
    expect(clash.status).toBe(409);
    const bad = await byOwner()('POST', `/projects/${id}/status`, { status: 'completed' });
    expect(bad.status).toBe(409);
    expect((await rowsFor('project', id)).map((r) => r.action)).toEqual(['project.approved']);
  });

  it('invitations created, resent and revoked', async () => {
    const email = uniqueEmail('invitee');
    const created = must(await byAdmin()('POST', '/invitations', { email, role: 'teammember' }), 201, 'invite');
    const id = created.body.invitation.id as string;
    const firstExpiry = created.body.invitation.expires_at;
    t.clock.advance(60_000);
    const resent = must(await byAdmin()('POST', `/invitations/${id}/resend`), 200, 'resend');
    must(await byOwner()('DELETE', `/invitations/${id}`), 204, 'revoke');
    const rows = await rowsFor('invitation', id);
    expect(rows.map((r) => [r.action, r.actorId, r.ip])).toEqual([
      ['invitation.created', Number(admin.user.id), ADMIN_IP],
      ['invitation.resent', Number(admin.user.id), ADMIN_IP],
      ['invitation.revoked', Number(owner.user.id), OWNER_IP],
    ]);
    expect(rows[0].after).toEqual({ email, role: 'teammember', expires_at: firstExpiry });
    expect(rows[1].before).toMatchObject({ expires_at: firstExpiry });
    expect(rows[1].after).toMatchObject({ expires_at: resent.body.invitation.expires_at });
    expect(rows[2]).toMatchObject({ before: { status: 'pending' }, after: { status: 'revoked' } });
    // The log never holds the link's token.
    expect(JSON.stringify(rows)).not.toContain(tokenFromLink(resent.body.link));
  });

  it('accounts disabled and enabled, only when the status changes', async () => {
    const member = await inviteAndSignup(t.app, admin.token, 'teammember');
    must(await byAdmin()('PATCH', `/users/${member.user.id}/status`, { status: 'disabled' }), 200, 'disable');
    must(await byAdmin()('PATCH', `/users/${member.user.id}/status`, { status: 'disabled' }), 200, 'disable again');
    must(await byOwner()('PATCH', `/users/${member.user.id}/status`, { status: 'active' }), 200, 'enable');
    const rows = await rowsFor('user', member.user.id);
    expect(rows.map((r) => ({ action: r.action, before: r.before, after: r.after }))).toEqual([
      { action: 'account.disabled', before: { status: 'active', email: member.user.email, role: 'teammember' }, after: { status: 'disabled' } },
      { action: 'account.enabled', before: { status: 'disabled', email: member.user.email, role: 'teammember' }, after: { status: 'active' } },
    ]);
  });

  it('invoices and contracts: created, sent, paid by hand, voided, each with who and from where', async () => {
    const client = await signupClient(t.app);
    const projectId = await newProject(client, 'Billed project');
    must(await byOwner()('POST', `/projects/${projectId}/approve`, { team_lead_id: lead.user.id }), 200, 'approve');

    const line = { description: 'Design work', quantity: 1, unit_price: 10000, tax_rate: 20 };
    const invoice = must(await byAdmin()('POST', '/invoices', { project_id: projectId, lines: [line] }), 201, 'create').body.invoice;
    must(await byAdmin()('POST', `/invoices/${invoice.id}/send`), 200, 'send');
    must(
      await byAdmin()('POST', `/invoices/${invoice.id}/payments`, {
        amount: 5000,
        date: t.clock.now().toISOString().slice(0, 10),
        reference: 'BANK-1',
      }),
      201,
      'payment',
    );
    const other = must(await byOwner()('POST', '/invoices', { project_id: projectId, lines: [line] }), 201, 'create').body.invoice;
    must(await byOwner()('POST', `/invoices/${other.id}/void`, { reason: 'Raised twice' }), 200, 'void');

    expect((await rowsFor('invoice', invoice.id)).map((r) => [r.action, r.actorId, r.ip])).toEqual([
      ['invoice.created', Number(admin.user.id), ADMIN_IP],
      ['invoice.sent', Number(admin.user.id), ADMIN_IP],
      ['invoice.payment_recorded', Number(admin.user.id), ADMIN_IP],
    ]);
    const paid = (await rowsFor('invoice', invoice.id))[2];
    expect(paid.after).toMatchObject({ amount: 5000, reference: 'BANK-1' });
    const voided = await rowsFor('invoice', other.id);
    expect(voided.map((r) => r.action)).toEqual(['invoice.created', 'invoice.voided']);
    expect(voided[1].after).toMatchObject({ status: 'void', reason: 'Raised twice' });

    // Approving made a draft client contract: sending and voiding it are staff actions too.
    const contracts = must(await byOwner()('GET', `/contracts?project_id=${projectId}&kind=client`), 200, 'contracts').body.items;
    expect(contracts).toHaveLength(1);
    must(await byAdmin()('POST', `/contracts/${contracts[0].id}/send`, {}), 200, 'send contract');
    must(await byOwner()('POST', `/contracts/${contracts[0].id}/void`, { reason: 'Wrong wording' }), 200, 'void contract');
    const contractRows = await rowsFor('contract', contracts[0].id);
    expect(contractRows.map((r) => [r.action, r.actorId, r.ip])).toEqual([
      ['contract.sent', Number(admin.user.id), ADMIN_IP],
      ['contract.voided', Number(owner.user.id), OWNER_IP],
    ]);
    expect(contractRows[1].before).toMatchObject({ status: 'sent' });
    expect(contractRows[1].after).toMatchObject({ status: 'void', reason: 'Wrong wording' });
  });

  it('tool request decisions', async () => {
    const client = await signupClient(t.app);
    const created = await call(t.app, 'POST', '/tool-requests', {
      token: client.token,
      body: { name: 'Sketch licence', category: 'Software licence', reason: 'Wireframes', quantity: 1 },
    });
    const id = must(created, 201, 'tool request').body.tool_request.id as string;
    must(await byAdmin()('POST', `/tool-requests/${id}/decision`, { action: 'decline', reason: 'Use Figma' }), 200, 'decide');
    const [row] = await rowsFor('tool_request', id);
    expect(row).toMatchObject({
      action: 'tool_request.decided',
      before: { status: 'requested' },
      after: { status: 'declined', reason: 'Use Figma' },
    });
  });

  it('the super-admin role handed over with the setup key', async () => {
    const own = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const first = await signupSuperadmin(own.app);
      const res = await call(own.app, 'POST', '/auth/signup/superadmin', {
        body: { name: 'New Owner', email: uniqueEmail('heir'), password: PASSWORD, setup_key: SETUP_KEY },
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      const heir = must(res, 201, 'hand-over').body as AuthResponse;
      const [row] = await own.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'superadmin.handed_over'));
      expect(row).toMatchObject({
        actorId: Number(heir.user.id),
        actorRole: 'superadmin',
        ip: '198.51.100.77',
        entityType: 'user',
        entityId: first.user.id,
        before: { superadmin: { id: first.user.id, email: first.user.email }, role: 'superadmin' },
        after: { superadmin: { id: heir.user.id, email: heir.user.email }, role: 'admin' },
      });
    } finally {
      await own.close();
    }
  });
});

describe('searching the audit log', () => {
  /** A few rows of a fresh admin's own, spread over three days. */
  async function history() {
    const actor = await inviteAndSignup(t.app, owner.token, 'admin');
    const run = as(actor, '192.0.2.99');
    const start = t.clock.now();
    const invited = must(await run('POST', '/invitations', { email: uniqueEmail('day1'), role: 'teamlead' }), 201, 'day 1').body.invitation.id;
    t.clock.advance(86_400_000);
    const middle = t.clock.now();
    must(await run('DELETE', `/invitations/${invited}`), 204, 'day 2');
    t.clock.advance(86_400_000);
    const end = t.clock.now();
    const member = await inviteAndSignup(t.app, actor.token, 'teammember');
    must(await run('PATCH', `/users/${member.user.id}/status`, { status: 'disabled' }), 200, 'day 3');
    return { actor, invited: invited as string, member, start, middle, end };
  }

  const search = (query: Record<string, string>) => call(t.app, 'GET', '/audit-log', { token: owner.token, query });

  it('by person, action, record and time, newest first', async () => {
    const h = await history();
    const byId = must(await search({ actor_id: h.actor.user.id }), 200, 'by id').body.items;
    expect(byId.map((e: { action: string }) => e.action)).toEqual([
      'account.disabled',
      'invitation.created',
      'invitation.revoked',
      'invitation.created',
    ]);
    expect(byId[0]).toMatchObject({
      actor: { id: h.actor.user.id, name: h.actor.user.name, email: h.actor.user.email, role: 'admin' },
      entity_type: 'user',
      entity_id: h.member.user.id,
      ip: '192.0.2.99',
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    expect(new Date(byId[0].at).getTime()).toBe(h.end.getTime());

    const byEmail = must(await search({ person: h.actor.user.email.toUpperCase(), action: 'invitation.revoked' }), 200, 'by person').body.items;
    expect(byEmail).toHaveLength(1);
    expect(byEmail[0].entity_id).toBe(h.invited);

    const byRecord = must(await search({ entity_type: 'invitation', entity_id: h.invited }), 200, 'by record').body.items;
    expect(byRecord.map((e: { action: string }) => e.action)).toEqual(['invitation.revoked', 'invitation.created']);

    const dayTwo = must(
      await search({ actor_id: h.actor.user.id, from: h.middle.toISOString(), to: new Date(h.end.getTime() - 1).toISOString() }),
      200,
      'by time',
    ).body.items;
    expect(dayTwo.map((e: { action: string }) => e.action)).toEqual(['invitation.revoked']);

    // `%` is a letter in a search, not a wildcard.
    expect(must(await search({ person: '%' }), 200, 'wildcard').body.items).toEqual([]);
  });

  it('pages with no overlap and no gap', async () => {
    const h = await history();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = must(
        await search({ actor_id: h.actor.user.id, limit: '3', ...(cursor ? { cursor } : {}) }),
        200,
        'page',
      );
      seen.push(...page.body.items.map((e: { id: string }) => e.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    const all = must(await search({ actor_id: h.actor.user.id }), 200, 'all').body.items.map((e: { id: string }) => e.id);
    expect(seen).toEqual(all);
    expect(seen).toHaveLength(4);
  });

  it('exports the same filters as CSV, safe to open in a spreadsheet', async () => {
    const actor = await inviteAndSignup(t.app, owner.token, 'admin');
    // A name that a spreadsheet would run as a formula, with a comma and a quote in it.
    must(await call(t.app, 'PATCH', '/account', { token: actor.token, body: { name: '=HYPERLINK("x", y)' } }), 200, 'rename');
    const email = uniqueEmail('csv');
    must(await call(t.app, 'POST', '/invitations', { token: actor.token, body: { email, role: 'teammember' } }), 201, 'invite');

    const res = await call(t.app, 'GET', '/audit-log.csv', { token: owner.token, query: { actor_id: actor.user.id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,time_utc,actor_id,actor_name,actor_email,actor_role,action,action_label,entity_type,entity_id,ip,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x"", y)",${actor.user.email},admin,invitation.created,Invitation created,invitation,`);
    expect(lines[1]).toContain(`""email"":""${email}""`);

    const none = await call(t.app, 'GET', '/audit-log.csv', { token: owner.token, query: { actor_id: actor.user.id, action: 'project.approved' } });
    expect(
      none.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('streams an export larger than one batch, every row once', async () => {
    const actor = await inviteAndSignup(t.app, owner.token, 'admin');
    await t.app.ctx.db.insert(auditLog).values(
      Array.from({ length: 1203 }, (_, i) => ({
        actorId: Number(actor.user.id),
        actorRole: 'admin',
        action: 'sample.written',
        entityType: 'sample',
        entityId: String(i + 1),
      })),
    );
    const res = await call(t.app, 'GET', '/audit-log.csv', { token: owner.token, query: { actor_id: actor.user.id } });
    const ids = res.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[9]);
    expect(ids).toHaveLength(1203);
    expect(new Set(ids).size).toBe(1203);
    const [newest] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, Number(actor.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(ids[0]).toBe(newest.entityId);
  });
});
