import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/core/events.js';
import { contractSignatures, contractTemplates, contracts, mailOutbox, notifications, projectMembers, projects } from '../src/db/schema.js';
import { sweepContracts } from '../src/modules/contracts/jobs.js';
import { ensureDefaultTemplates } from '../src/modules/contracts/template-service.js';
import { SMTPServer } from 'smtp-server';
import {
  approvedProject,
  contractFor,
  fetchPdf,
  freshContract,
  PNG_DATA_URL,
  pdfPages,
  pdfsig,
  signInPeople,
  tempDataDir,
  type People,
} from './contract-support.js';
import { call, createTestApp, deliveredMails, type TestApp } from './helpers.js';

let t: TestApp;
let who: People;
let project: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir(), TRUST_PROXY: '1' });
  who = await signInPeople(t.app);
});
// Each test works on a project of its own, approved afresh (with its generated drafts): no test sees another's.
beforeEach(async () => {
  project = await approvedProject(t.app, who);
});
afterAll(async () => t.close());

/** A real SMTP peer on loopback that records what it receives. */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const staff = () => who.superadmin.token;

/** This test's project's client contract, sent for signature (two weeks to sign). */
async function sentClientContract() {
  const draft = await contractFor(t.app, staff(), project.id, 'client', who.client.user.id);
  const expiresAt = new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString();
  const sent = await call(t.app, 'POST', `/contracts/${draft.id}/send`, { token: staff(), body: { expires_at: expiresAt } });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  return sent.body.contract as { id: string; document_sha256: string };
}

/** The same, opened and then signed by the client with a typed name and a drawn signature, from a known device. */
async function signedClientContract() {
  const c = await sentClientContract();
  await call(t.app, 'POST', `/contracts/${c.id}/view`, {
    token: who.client.token,
    headers: { 'user-agent': 'ClientPhone/2.0', 'x-forwarded-for': '203.0.113.9' },
  });
  const res = await call(t.app, 'POST', `/contracts/${c.id}/sign`, {
    token: who.client.token,
    body: { signature_name: 'Client Person', signature_image: PNG_DATA_URL, agree: true, document_sha256: c.document_sha256 },
    headers: { 'user-agent': 'ClientPhone/2.0', 'x-forwarded-for': '203.0.113.9' },
  });
  if (res.status !== 200) throw new Error(`sign: ${res.status} ${res.text}`);
  return res.body.contract as { id: string; document_sha256: string };
}

async function notificationsOf(userId: string, kind: string) {
  return t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, Number(userId)), eq(notifications.kind, kind)));
}

describe('templates', () => {
  it('one default template of each kind exists from the first start, and starting again adds none', async () => {
    const res = await call(t.app, 'GET', '/contract-templates', { token: staff() });
    expect(res.status).toBe(200);
    const defaults = res.body.items.filter((x: { is_default: boolean }) => x.is_default);
    expect(defaults.map((x: { kind: string }) => x.kind).sort()).toEqual(['client', 'team']);
    expect(defaults.find((x: { kind: string }) => x.kind === 'client').body).toContain('{{client.name}}');
    expect(await ensureDefaultTemplates(t.app.ctx.db, new Date())).toBe(0);
    const rows = await t.app.ctx.db.select().from(contractTemplates).where(eq(contractTemplates.isDefault, true));
    expect(rows).toHaveLength(2);
  });

  it('refuses an unknown variable with 400 naming it, and a team-only variable in a client template', async () => {
    const unknown = await call(t.app, 'POST', '/contract-templates', {
      token: staff(),
      body: { kind: 'client', title: 'Bad template', body: 'Dear {{client.name}}, your {{client.shoe_size}} is noted.' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'UNKNOWN_TEMPLATE_VARIABLE', error: 'Unknown template variable: {{client.shoe_size}}' });
    const wrongKind = await call(t.app, 'POST', '/contract-templates', {
      token: staff(),
      body: { kind: 'client', title: 'Bad template', body: 'Hello {{ employee.name }}, welcome.' },
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toBe('{{employee.name}} is not available in client contracts');
    const list = await call(t.app, 'GET', '/contract-templates', { token: staff() });
    expect(list.body.items.map((x: { title: string }) => x.title)).not.toContain('Bad template');
  });

  it('keeps the budget out of team contracts: refused in a team template, new or edited, and unused by the default', async () => {
    const budget = await call(t.app, 'POST', '/contract-templates', {
      token: staff(),
      body: { kind: 'team', title: 'Budget terms', body: 'You join {{project.title}}, budgeted at {{project.budget}}.' },
    });
    expect(budget.status).toBe(400);
    expect(budget.body).toEqual({ code: 'UNKNOWN_TEMPLATE_VARIABLE', error: '{{project.budget}} is not available in team contracts' });

    const created = await call(t.app, 'POST', '/contract-templates', {
      token: staff(),
      body: { kind: 'team', title: 'Plain team terms', body: 'You join {{project.title}} as {{employee.role}}.' },
    });
    expect(created.status).toBe(201);
    const edited = await call(t.app, 'PATCH', `/contract-templates/${created.body.template.id}`, {
      token: staff(),
      body: { body: 'You join {{project.title}}; its budget is {{ project.budget }}.' },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toBe('{{project.budget}} is not available in team contracts');

    const preview = await call(t.app, 'POST', '/contract-templates/preview', {
      token: staff(),
      body: { kind: 'team', body: 'Budget: {{project.budget}}' },
    });
    expect(preview.body.unknown_variables).toEqual(['project.budget']);
    expect(preview.body.variables.map((v: { name: string }) => v.name)).not.toContain('project.budget');
    expect(preview.body.html).not.toContain('£');

    const templates = await call(t.app, 'GET', '/contract-templates', { token: staff() });
    const team = templates.body.items.find((x: { kind: string; is_default: boolean }) => x.kind === 'team' && x.is_default);
    expect(team.body).not.toContain('project.budget');
    // Still offered where it belongs.
    const client = await call(t.app, 'POST', '/contract-templates/preview', {
      token: staff(),
      body: { kind: 'client', body: 'Budget: {{project.budget}}' },
    });
    expect(client.body.unknown_variables).toEqual([]);
  });

  it('creates, edits, previews, makes default and deletes templates; the default cannot be deleted', async () => {
    const created = await call(t.app, 'POST', '/contract-templates', {
      token: who.admin.token,
      body: { kind: 'team', title: 'Short team terms', body: 'Welcome **{{employee.name}}** to {{project.title}}.' },
    });
    expect(created.status).toBe(201);
    const id = created.body.template.id;
    expect(created.body.template).toMatchObject({ kind: 'team', is_default: false });
    const edited = await call(t.app, 'PATCH', `/contract-templates/${id}`, {
      token: staff(),
      body: { body: 'Welcome {{employee.name}}, {{employee.role}}.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.template.body).toBe('Welcome {{employee.name}}, {{employee.role}}.');
    const badEdit = await call(t.app, 'PATCH', `/contract-templates/${id}`, { token: staff(), body: { body: 'Welcome {{nobody}} to the team.' } });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.error).toContain('{{nobody}}');

    const preview = await call(t.app, 'POST', '/contract-templates/preview', {
      token: staff(),
      body: { kind: 'client', title: 'Agreement', body: 'For **{{client.name}}** <script>alert(1)</script> and {{made.up}}.' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('<strong>Alex Morgan</strong>');
    expect(preview.body.html).not.toContain('<script');
    expect(preview.body.html).toContain('{{made.up}}');
    expect(preview.body.unknown_variables).toEqual(['made.up']);
    expect(preview.body.variables.map((v: { name: string }) => v.name)).not.toContain('employee.name');
    const fromProject = await call(t.app, 'POST', '/contract-templates/preview', {
      token: staff(),
      body: { kind: 'client', body: '{{project.title}} for {{project.budget}} by {{project.deadline}}', project_id: project.id },
    });
    expect(fromProject.body.html).toBe('<p>Company website for £2,500.00 by 01 Mar 2027</p>');

    const oldDefault = (await call(t.app, 'GET', '/contract-templates', { token: staff(), query: { kind: 'team' } })).body.items.find(
      (x: { is_default: boolean }) => x.is_default,
    );
    const refused = await call(t.app, 'DELETE', `/contract-templates/${oldDefault.id}`, { token: staff() });
    expect(refused.status).toBe(409);
    const made = await call(t.app, 'PATCH', `/contract-templates/${id}`, { token: staff(), body: { is_default: true } });
    expect(made.body.template.is_default).toBe(true);
    const old = await call(t.app, 'GET', `/contract-templates/${oldDefault.id}`, { token: staff() });
    expect(old.body.template.is_default).toBe(false);
    // Put the original back as the default and delete the short one.
    await call(t.app, 'PATCH', `/contract-templates/${oldDefault.id}`, { token: staff(), body: { is_default: true } });
    const deleted = await call(t.app, 'DELETE', `/contract-templates/${id}`, { token: staff() });
    expect(deleted.status).toBe(204);
    expect((await call(t.app, 'GET', `/contract-templates/${id}`, { token: staff() })).status).toBe(404);
  });
});

describe('contracts generated on approval', () => {
  it('approving a project creates a draft client contract and a draft team contract for the lead and each member', async () => {
    const res = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id } });
    const rows = res.body.items.map((c: { kind: string; signer: { id: string }; status: string }) => `${c.kind}:${c.signer.id}:${c.status}`).sort();
    expect(rows).toEqual([`client:${who.client.user.id}:draft`, `team:${who.teamlead.user.id}:draft`, `team:${who.teammember.user.id}:draft`].sort());
    const client = await contractFor(t.app, staff(), project.id, 'client', who.client.user.id);
    expect(client).toMatchObject({ title: 'Project services agreement', project_title: 'Company website', document_sha256: null, sent_at: null });
    const full = await call(t.app, 'GET', `/contracts/${client.id}`, { token: staff() });
    // A draft shows its text with today's values; nothing is frozen yet.
    expect(full.body.contract.body_markdown).toContain('{{client.name}}');
    expect(full.body.contract.body_html).toContain('Client Person');
    expect(full.body.contract.body_html).toContain('£2,500.00');
  });

  it('never creates duplicates: generating again, or the event delivered twice, adds nothing', async () => {
    const before = await t.app.ctx.db
      .select()
      .from(contracts)
      .where(eq(contracts.projectId, Number(project.id)));
    expect(await t.app.services.contracts.generateForProject(Number(project.id))).toBe(0);
    await t.app.ctx.events.deliver([{ type: 'project.status_changed', projectId: Number(project.id), from: 'pending', to: 'approved', actorId: 1 }]);
    const [a, b] = await Promise.all([
      t.app.services.contracts.generateForProject(Number(project.id)),
      t.app.services.contracts.generateForProject(Number(project.id)),
    ]);
    expect(a + b).toBe(0);
    const after = await t.app.ctx.db
      .select()
      .from(contracts)
      .where(eq(contracts.projectId, Number(project.id)));
    expect(after.map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());
  });

  it('drafts are invisible to their signer', async () => {
    const draft = await contractFor(t.app, staff(), project.id, 'client', who.client.user.id);
    const list = await call(t.app, 'GET', '/contracts', { token: who.client.token });
    expect(list.body.items.map((c: { id: string }) => c.id)).not.toContain(draft.id);
    const one = await call(t.app, 'GET', `/contracts/${draft.id}`, { token: who.client.token });
    expect(one.status).toBe(404);
    expect(one.body).toEqual({ code: 'NOT_FOUND', error: 'Contract not found' });
  });
});

describe('the contract lifecycle', () => {
  it('staff edit a draft; an unknown variable is a 400 and changes nothing', async () => {
    const draft = await contractFor(t.app, staff(), project.id, 'team', who.teammember.user.id);
    const bad = await call(t.app, 'PATCH', `/contracts/${draft.id}`, { token: staff(), body: { body_markdown: 'Hello {{employe.name}}, welcome.' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('UNKNOWN_TEMPLATE_VARIABLE');
    const edited = await call(t.app, 'PATCH', `/contracts/${draft.id}`, {
      token: who.admin.token,
      body: {
        title: 'Team engagement: website',
        body_markdown: '# Welcome\n\nWelcome **{{employee.name}}** to {{project.title}} as {{employee.role}}.',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.contract.title).toBe('Team engagement: website');
    expect(edited.body.contract.body_html).toBe(
      '<h1>Welcome</h1>\n<p>Welcome <strong>teammember person</strong> to Company website as Team member.</p>',
    );
    const audit = await call(t.app, 'GET', `/contracts/${draft.id}/audit`, { token: staff() });
    expect(audit.body.items.map((e: { kind: string }) => e.kind)).toEqual(['created', 'updated']);
    expect(audit.body.items[0].note).toBe('Generated when the project was approved');
  });

  it('sending freezes the rendered document and its SHA-256, tells the signer, and nothing can change it afterwards', async () => {
    const draft = await contractFor(t.app, staff(), project.id, 'client', who.client.user.id);
    const past = await call(t.app, 'POST', `/contracts/${draft.id}/send`, { token: staff(), body: { expires_at: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(400);
    const expiresAt = new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString();
    const sent = await call(t.app, 'POST', `/contracts/${draft.id}/send`, {
      token: staff(),
      body: { expires_at: expiresAt },
      headers: { 'user-agent': 'StaffBrowser/1.0' },
    });
    expect(sent.status).toBe(200);
    const c = sent.body.contract;
    expect(c.status).toBe('sent');
    expect(c.expires_at).toBe(expiresAt);
    expect(c.body_markdown).not.toContain('{{');
    expect(c.body_html).toContain('Client Person');
    expect(c.document_sha256).toBe(sha256(c.body_html));

    const again = await call(t.app, 'POST', `/contracts/${draft.id}/send`, { token: staff(), body: {} });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    const edit = await call(t.app, 'PATCH', `/contracts/${draft.id}`, { token: staff(), body: { title: 'Changed after sending' } });
    expect(edit.status).toBe(409);
    // Changing the template afterwards changes nothing in a sent contract.
    const template = (await call(t.app, 'GET', '/contract-templates', { token: staff(), query: { kind: 'client' } })).body.items.find(
      (x: { is_default: boolean }) => x.is_default,
    );
    await call(t.app, 'PATCH', `/contract-templates/${template.id}`, { token: staff(), body: { body: `${template.body}\n\nA new clause.` } });
    const reread = await call(t.app, 'GET', `/contracts/${draft.id}`, { token: who.client.token });
    expect(reread.status).toBe(200);
    expect(reread.body.contract.body_html).toBe(c.body_html);
    expect(reread.body.contract.document_sha256).toBe(c.document_sha256);
    await call(t.app, 'PATCH', `/contract-templates/${template.id}`, { token: staff(), body: { body: template.body } });

    const note = (await notificationsOf(who.client.user.id, 'contract_sent')).find((n) => n.targetId === draft.id);
    expect(note).toMatchObject({ targetType: 'contract', targetId: draft.id, title: 'A contract is ready to sign' });
    await deliveredMails(t, who.client.user.email, 1, (m) => m.text.includes(`http://app.test/go/contract/${draft.id}`));
    const audit = await call(t.app, 'GET', `/contracts/${draft.id}/audit`, { token: staff() });
    expect(audit.body.items.at(-1)).toMatchObject({ kind: 'sent', actor: { id: who.superadmin.user.id }, user_agent: 'StaffBrowser/1.0' });
  });

  it('the database itself refuses to change a sent document or a signature', async () => {
    const c = await signedClientContract();
    await expect(
      t.app.ctx.db
        .update(contracts)
        .set({ bodyHtml: '<p>Something else</p>' })
        .where(eq(contracts.id, Number(c.id))),
    ).rejects.toThrow();
    await expect(
      t.app.ctx.db
        .update(contracts)
        .set({ title: 'Renamed' })
        .where(eq(contracts.id, Number(c.id))),
    ).rejects.toThrow();
    // Its other columns (viewed, reminded, status) still move on.
    await t.app.ctx.db
      .update(contracts)
      .set({ remindedAt: null })
      .where(eq(contracts.id, Number(c.id)));
  });

  it('opening a sent contract records viewed_at once, for the signer only', async () => {
    const c = await sentClientContract();
    const byStaff = await call(t.app, 'POST', `/contracts/${c.id}/view`, { token: staff() });
    expect(byStaff.status).toBe(403);
    const first = await call(t.app, 'POST', `/contracts/${c.id}/view`, { token: who.client.token, headers: { 'user-agent': 'ClientPhone/2.0' } });
    expect(first.status).toBe(200);
    expect(first.body.contract.viewed_at).not.toBeNull();
    t.clock.advance(1000);
    const second = await call(t.app, 'POST', `/contracts/${c.id}/view`, { token: who.client.token });
    expect(second.body.contract.viewed_at).toBe(first.body.contract.viewed_at);
    const audit = await call(t.app, 'GET', `/contracts/${c.id}/audit`, { token: who.client.token });
    expect(audit.body.items.filter((e: { kind: string }) => e.kind === 'viewed')).toHaveLength(1);
  });

  it('refuses bad signatures with 400 and a clear message, storing nothing', async () => {
    const c = await sentClientContract();
    const sign = (body: unknown) => call(t.app, 'POST', `/contracts/${c.id}/sign`, { token: who.client.token, body });
    const noAgree = await sign({ signature_name: 'Client Person' });
    expect(noAgree.status).toBe(400);
    expect(noAgree.body.error).toBe('agree: You must agree to sign electronically');
    const falseAgree = await sign({ signature_name: 'Client Person', agree: false });
    expect(falseAgree.status).toBe(400);
    const noName = await sign({ signature_name: ' ', agree: true });
    expect(noName.body.error).toBe('signature_name: Type your full name to sign');
    const gif = await sign({ signature_name: 'Client Person', agree: true, signature_image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
    expect(gif.status).toBe(400);
    expect(gif.body.error).toBe('signature_image: The drawn signature must be a PNG image');
    const fake = await sign({
      signature_name: 'Client Person',
      agree: true,
      signature_image: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
    });
    expect(fake.status).toBe(400);
    expect(fake.body.error).toBe('signature_image: the drawn signature must be a PNG image');
    const big = await sign({
      signature_name: 'Client Person',
      agree: true,
      signature_image: `data:image/png;base64,${Buffer.alloc(210 * 1024, 1).toString('base64')}`,
    });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('signature_image: The drawn signature must be at most 200 KB');
    const changed = await sign({ signature_name: 'Client Person', agree: true, document_sha256: '0'.repeat(64) });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('DOCUMENT_CHANGED');
    const stored = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(c.id)));
    expect(stored).toHaveLength(0);
    expect((await call(t.app, 'GET', `/contracts/${c.id}`, { token: who.client.token })).body.contract.status).toBe('sent');
  });

  it('the signer signs with a typed name and a drawn signature: sealed PDF stored once, people told, contract.signed published', async () => {
    const c = await sentClientContract();
    await call(t.app, 'POST', `/contracts/${c.id}/view`, { token: who.client.token });
    const signedBefore = {
      superadmin: (await notificationsOf(who.superadmin.user.id, 'contract_signed')).length,
      admin: (await notificationsOf(who.admin.user.id, 'contract_signed')).length,
    };
    const seen: DomainEvent[] = [];
    const off = t.app.ctx.events.subscribe('contract.signed', (e) => {
      seen.push(e);
    });
    const shown = (await call(t.app, 'GET', `/contracts/${c.id}`, { token: who.client.token })).body.contract.document_sha256;
    const res = await call(t.app, 'POST', `/contracts/${c.id}/sign`, {
      token: who.client.token,
      body: { signature_name: 'Client Person', signature_image: PNG_DATA_URL, agree: true, document_sha256: shown },
      headers: { 'user-agent': 'ClientPhone/2.0', 'x-forwarded-for': '203.0.113.9' },
    });
    off();
    expect(res.status, res.text).toBe(200);
    const signed = res.body.contract;
    expect(signed).toMatchObject({
      status: 'signed',
      signature: { name: 'Client Person', has_image: true, document_sha256: shown, user_agent: 'ClientPhone/2.0' },
    });
    expect(signed.signed_at).not.toBeNull();
    expect(seen).toEqual([
      { type: 'contract.signed', contractId: Number(c.id), projectId: Number(project.id), kind: 'client', signerId: Number(who.client.user.id) },
    ]);

    const [row] = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(c.id)));
    const file = fs.readFileSync(path.join(t.config.filesDir, row.pdfStorageKey));
    expect(sha256(file)).toBe(row.pdfSha256);
    expect(signed.signature.pdf_sha256).toBe(row.pdfSha256);

    // The signer's e-mail carries the sealed PDF; staff are told in-app and by e-mail.
    const mails = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.client.user.email));
    const mail = mails.find((m) => m.subject.startsWith('Your signed contract') && m.attachments?.[0]?.filename.includes(`-${c.id}-`));
    expect(mail?.attachments).toEqual([
      { filename: `project-services-agreement-${c.id}-signed.pdf`, content_type: 'application/pdf', storage_key: row.pdfStorageKey },
    ]);
    expect(await notificationsOf(who.superadmin.user.id, 'contract_signed')).toHaveLength(signedBefore.superadmin + 1);
    expect(await notificationsOf(who.admin.user.id, 'contract_signed')).toHaveLength(signedBefore.admin + 1);
    const audit = await call(t.app, 'GET', `/contracts/${c.id}/audit`, { token: staff() });
    expect(audit.body.items.map((e: { kind: string }) => e.kind)).toEqual(['created', 'sent', 'viewed', 'signed']);
  });

  it('a second sign answers 409 and changes nothing', async () => {
    const c = await signedClientContract();
    const [signature] = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(c.id)));
    await expect(
      t.app.ctx.db
        .update(contractSignatures)
        .set({ pdfSha256: '0'.repeat(64) })
        .where(eq(contractSignatures.id, signature.id)),
    ).rejects.toThrow();
    const res = await call(t.app, 'POST', `/contracts/${c.id}/sign`, {
      token: who.client.token,
      body: { signature_name: 'Someone Else', agree: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ALREADY_SIGNED');
    const stored = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(c.id)));
    expect(stored.map((s) => s.name)).toEqual(['Client Person']);
    const voided = await call(t.app, 'POST', `/contracts/${c.id}/void`, { token: staff(), body: { reason: 'Too late to void' } });
    expect(voided.status).toBe(409);
  });

  it('the sealed PDF verifies with pdfsig, and one changed byte breaks the seal', async () => {
    const c = await signedClientContract();
    const pdf = await fetchPdf(t.app, `/api/contracts/${c.id}/pdf`, who.client.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const report = pdfsig(pdf.bytes);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('adbe.pkcs7.detached');

    // Change one byte inside the signed range (a letter of a font's name).
    const tampered = Buffer.from(pdf.bytes);
    const at = tampered.indexOf('NotoSans');
    tampered[at] = 'X'.charCodeAt(0);
    expect(pdfsig(tampered)).not.toContain('Signature is Valid.');
    expect(pdfsig(tampered)).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it("the certificate page holds the signer's name, the audit trail and the document's hash", async () => {
    const c = (await call(t.app, 'GET', `/contracts/${(await signedClientContract()).id}`, { token: staff() })).body.contract;
    const pdf = await fetchPdf(t.app, c.pdf_url, staff());
    expect(pdf.status).toBe(200);
    const pages = pdfPages(pdf.bytes);
    const certificate = pages.at(-1)!;
    expect(certificate).toContain('Certificate of signature');
    expect(certificate).toContain('Client Person');
    expect(certificate).toContain(c.document_sha256);
    expect(certificate).toContain('203.0.113.9');
    expect(certificate).toContain('ClientPhone/2.0');
    for (const step of ['Sent for signature', 'Opened by the signer', 'Signed']) expect(certificate).toContain(step);
    expect(pages.slice(0, -1).join('\n')).toContain('Project services agreement');
  });

  it("serves the signed PDF to its signer's session, to download or to view; the link alone opens nothing", async () => {
    const c = (await call(t.app, 'GET', `/contracts/${(await signedClientContract()).id}`, { token: who.client.token })).body.contract;
    const good = await fetchPdf(t.app, `${c.pdf_url}?download=1`, who.client.token);
    expect(good.status).toBe(200);
    expect(good.headers['content-disposition']).toBe(`attachment; filename="project-services-agreement-${c.id}-signed.pdf"`);
    expect(sha256(good.bytes)).toBe(c.signature.pdf_sha256);
    const alone = await fetchPdf(t.app, c.pdf_url);
    expect(alone.status).toBe(401);
  });

  it('a stored file that changed is not served: 500 DOCUMENT_TAMPERED, and the mismatch is logged', async () => {
    const c = await signedClientContract();
    const [row] = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(c.id)));
    const file = path.join(t.config.filesDir, row.pdfStorageKey);
    const original = fs.readFileSync(file);
    const changed = Buffer.from(original);
    changed[changed.length - 10] ^= 0xff;
    fs.writeFileSync(file, changed);
    const logged = vi.spyOn(t.app.ctx.log, 'error');
    try {
      const res = await fetchPdf(t.app, `/api/contracts/${c.id}/pdf`, staff());
      expect(res.status).toBe(500);
      expect(res.json).toMatchObject({ code: 'DOCUMENT_TAMPERED' });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ contractId: Number(c.id), expectedSha256: row.pdfSha256, actualSha256: sha256(changed) }),
        expect.stringContaining('does not match'),
      );
    } finally {
      logged.mockRestore();
      fs.writeFileSync(file, original);
    }
    expect((await fetchPdf(t.app, `/api/contracts/${c.id}/pdf`, staff())).status).toBe(200);
  });

  it('two signs at once give exactly one signature and one 409', async () => {
    const c = await freshContract(t.app, staff(), project.id, 'team', who.teammember.user.id);
    const sign = (name: string) =>
      call(t.app, 'POST', `/contracts/${c.id}/sign`, { token: who.teammember.token, body: { signature_name: name, agree: true } });
    const results = await Promise.all([sign('Member One'), sign('Member Two')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('ALREADY_SIGNED');
    const stored = await t.app.ctx.db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.contractId, Number(c.id)));
    expect(stored).toHaveLength(1);
    const files = fs.readdirSync(path.join(t.config.filesDir, 'contracts', c.id));
    expect(files).toEqual([path.basename(stored[0].pdfStorageKey)]);
    // A typed name only: drawn in the script font; the seal is valid too.
    const pdf = await fetchPdf(t.app, `/api/contracts/${c.id}/pdf`, who.teammember.token);
    expect(pdfsig(pdf.bytes)).toContain('Signature is Valid.');
  });

  it('before signing the PDF is a preview marked "not signed", without a seal', async () => {
    const c = await freshContract(t.app, staff(), project.id, 'team', who.teamlead.user.id);
    const pdf = await fetchPdf(t.app, `/api/contracts/${c.id}/pdf`, who.teamlead.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="project-team-engagement-${c.id}-preview.pdf"`);
    const text = pdfPages(pdf.bytes).join('\n');
    expect(text).toContain('NOT SIGNED · a preview, not a signed document');
    expect(text).toContain('awaiting signature');
    expect(text).not.toContain('Certificate of signature');
    expect(pdfsig(pdf.bytes)).not.toContain('Signature is Valid');
  });

  it('voiding needs a reason; a voided contract cannot be signed and its signer is told', async () => {
    const c = await freshContract(t.app, staff(), project.id, 'team', who.teamlead.user.id);
    const noReason = await call(t.app, 'POST', `/contracts/${c.id}/void`, { token: staff(), body: {} });
    expect(noReason.status).toBe(400);
    const voided = await call(t.app, 'POST', `/contracts/${c.id}/void`, { token: who.admin.token, body: { reason: 'Wrong start date' } });
    expect(voided.status).toBe(200);
    expect(voided.body.contract).toMatchObject({ status: 'void', void_reason: 'Wrong start date' });
    expect(voided.body.contract.voided_at).not.toBeNull();
    const sign = await call(t.app, 'POST', `/contracts/${c.id}/sign`, { token: who.teamlead.token, body: { signature_name: 'Lead', agree: true } });
    expect(sign.status).toBe(409);
    expect(sign.body.code).toBe('INVALID_TRANSITION');
    const notes = await notificationsOf(who.teamlead.user.id, 'contract_voided');
    expect(notes.at(-1)?.body).toContain('Wrong start date');
    const pdf = await fetchPdf(t.app, `/api/contracts/${c.id}/pdf`, staff());
    expect(pdfPages(pdf.bytes).join('\n')).toContain('VOID · a preview, not a signed document');
  });

  it('staff create a contract by hand; a second live one for the same signer is a 409, a wrong signer or template a 422', async () => {
    const templates = await call(t.app, 'GET', '/contract-templates', { token: staff() });
    const clientTemplate = templates.body.items.find((x: { kind: string; is_default: boolean }) => x.kind === 'client' && x.is_default);
    const teamTemplate = templates.body.items.find((x: { kind: string; is_default: boolean }) => x.kind === 'team' && x.is_default);
    const base = { project_id: project.id, template_id: teamTemplate.id, kind: 'team' };
    // The member's contract is signed: still the live one.
    const twice = await call(t.app, 'POST', '/contracts', { token: staff(), body: { ...base, signer_id: who.teammember.user.id } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('CONFLICT');
    const stranger = await call(t.app, 'POST', '/contracts', { token: staff(), body: { ...base, signer_id: who.outsider.user.id } });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error).toContain('signer_id');
    const clientAsTeam = await call(t.app, 'POST', '/contracts', { token: staff(), body: { ...base, signer_id: who.client.user.id } });
    expect(clientAsTeam.status).toBe(422);
    const wrongTemplate = await call(t.app, 'POST', '/contracts', {
      token: staff(),
      body: { ...base, template_id: clientTemplate.id, signer_id: who.teamlead.user.id },
    });
    expect(wrongTemplate.status).toBe(422);
    const missingProject = await call(t.app, 'POST', '/contracts', {
      token: staff(),
      body: { ...base, project_id: '999999', signer_id: who.teamlead.user.id },
    });
    expect(missingProject.status).toBe(422);
    const bad = await call(t.app, 'POST', '/contracts', { token: staff(), body: { ...base, signer_id: 'abc' } });
    expect(bad.status).toBe(400);
  });
});

describe('lists and who sees what', () => {
  it('filters by status, kind, project, client and text, with counts by status', async () => {
    await signedClientContract();
    const all = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id } });
    const signed = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id, status: 'signed' } });
    expect(signed.body.items.length).toBeGreaterThan(0);
    expect(signed.body.items.every((c: { status: string }) => c.status === 'signed')).toBe(true);
    const team = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id, kind: 'team' } });
    expect(team.body.items.every((c: { kind: string }) => c.kind === 'team')).toBe(true);
    const byClient = await call(t.app, 'GET', '/contracts', { token: staff(), query: { client_id: who.client.user.id, project_id: project.id } });
    expect(byClient.body.items.length).toBe(all.body.items.length);
    const none = await call(t.app, 'GET', '/contracts', { token: staff(), query: { client_id: who.otherClient.user.id, project_id: project.id } });
    expect(none.body.items).toEqual([]);
    const search = await call(t.app, 'GET', '/contracts', { token: staff(), query: { q: 'teammember' } });
    expect(search.body.items.length).toBeGreaterThan(0);
    expect(search.body.items.every((c: { signer: { name: string } }) => c.signer.name === 'teammember person')).toBe(true);
    const counts = await call(t.app, 'GET', '/contracts/counts', { token: staff(), query: { project_id: project.id } });
    expect(counts.status).toBe(200);
    expect(counts.body.total).toBe(all.body.items.length);
    expect(counts.body.counts.signed).toBe(signed.body.items.length);
    const page = await call(t.app, 'GET', '/contracts', { token: staff(), query: { project_id: project.id, limit: '2' } });
    expect(page.body.items).toHaveLength(2);
    const next = await call(t.app, 'GET', '/contracts', {
      token: staff(),
      query: { project_id: project.id, limit: '2', cursor: page.body.next_cursor },
    });
    expect(next.body.items[0].id).not.toBe(page.body.items[1].id);
  });

  it("a client sees only its own sent contracts; another client's is a 404", async () => {
    await sentClientContract();
    const mine = await call(t.app, 'GET', '/contracts', { token: who.client.token });
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((c: { signer: { id: string }; status: string }) => c.signer.id === who.client.user.id && c.status !== 'draft')).toBe(
      true,
    );
    const theirs = await call(t.app, 'GET', '/contracts', { token: who.otherClient.token });
    expect(theirs.body.items).toEqual([]);
    for (const suffix of ['', '/audit', '/pdf']) {
      const res = await call(t.app, 'GET', `/contracts/${mine.body.items[0].id}${suffix}`, { token: who.otherClient.token });
      expect(res.status).toBe(404);
    }
    const counts = await call(t.app, 'GET', '/contracts/counts', { token: who.otherClient.token });
    expect(counts.body.total).toBe(0);
  });

  it("a team lead follows their team's signing status without the documents; a member sees only their own", async () => {
    const team = await freshContract(t.app, staff(), project.id, 'team', who.teammember.user.id);
    const signedByMember = await call(t.app, 'POST', `/contracts/${team.id}/sign`, {
      token: who.teammember.token,
      body: { signature_name: 'Member', agree: true },
    });
    expect(signedByMember.status).toBe(200);
    const lead = await call(t.app, 'GET', '/contracts', { token: who.teamlead.token });
    const memberContract = lead.body.items.find((c: { id: string }) => c.id === team.id);
    expect(memberContract).toBeDefined();
    expect(memberContract.pdf_url).toBeNull();
    expect(lead.body.items.every((c: { kind: string }) => c.kind === 'team')).toBe(true);
    expect((await call(t.app, 'GET', `/contracts/${memberContract.id}`, { token: who.teamlead.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/contracts/${memberContract.id}/pdf`, { token: who.teamlead.token })).status).toBe(403);
    const member = await call(t.app, 'GET', '/contracts', { token: who.teammember.token });
    expect(member.body.items.every((c: { signer: { id: string } }) => c.signer.id === who.teammember.user.id)).toBe(true);
    expect(member.body.items.find((c: { id: string }) => c.id === memberContract.id).pdf_url).toMatch(/^\/api\/contracts\/\d+\/pdf$/);
    const outsider = await call(t.app, 'GET', '/contracts', { token: who.outsider.token });
    expect(outsider.body.items).toEqual([]);
  });
});

describe('reminders and expiry run as jobs', () => {
  let j: TestApp;
  let people: People;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    // Long sessions: the test clock jumps days ahead.
    j = await createTestApp({
      DATA_DIR: tempDataDir(),
      JOB_POLL_SECONDS: '0.5',
      SESSION_IDLE_MINUTES: String(60 * 24 * 365),
      SESSION_ABSOLUTE_DAYS: '365',
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    people = await signInPeople(j.app);
  });
  afterAll(async () => {
    await j.close();
    await smtp.close();
  });

  async function waitFor(what: string, test: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    while (!(await test())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  const row = async (id: string) =>
    (
      await j.app.ctx.db
        .select()
        .from(contracts)
        .where(eq(contracts.id, Number(id)))
    )[0];
  const notesOf = (userId: string, kind: string) =>
    j.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, Number(userId)), eq(notifications.kind, kind)));

  it('one reminder after CONTRACT_REMINDER_DAYS, however often the sweep runs; expired past expires_at, staff told', async () => {
    const p = await approvedProject(j.app, people, 'Reminder project');
    const c = await contractFor(j.app, people.superadmin.token, p.id, 'client', people.client.user.id);
    const expiresAt = new Date(j.clock.now().getTime() + 10 * 86_400_000).toISOString();
    await call(j.app, 'POST', `/contracts/${c.id}/send`, { token: people.superadmin.token, body: { expires_at: expiresAt } });

    // Other tests' contracts live in this app too: only this one's fate is checked.
    const early = await sweepContracts(j.app.ctx, j.app.services.contracts);
    expect([...early.remind, ...early.expire]).not.toContain(Number(c.id));
    j.clock.advance(3 * 86_400_000 + 60_000);
    const due = await sweepContracts(j.app.ctx, j.app.services.contracts);
    expect(due.remind).toContain(Number(c.id));
    await sweepContracts(j.app.ctx, j.app.services.contracts);
    await waitFor('the reminder', async () => (await row(c.id)).remindedAt !== null);
    await sweepContracts(j.app.ctx, j.app.services.contracts);
    // The handler claims the reminder with a conditional update: running it again does nothing.
    expect(await j.app.services.contracts.sendDueReminder(Number(c.id))).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await notesOf(people.client.user.id, 'contract_reminder')).filter((n) => n.targetId === c.id)).toHaveLength(1);
    // The reminder's text links to the contract (quoted-printable may wrap it: soft breaks removed).
    await waitFor('the reminder e-mail', () =>
      smtp.received.some(
        (m) => m.to.includes(people.client.user.email) && m.raw.replace(/=\r\n/g, '').includes(`/go/contract/${c.id}`) && /Reminder/.test(m.raw),
      ),
    );

    j.clock.advance(7 * 86_400_000);
    const expiring = await sweepContracts(j.app.ctx, j.app.services.contracts);
    expect(expiring.expire).toContain(Number(c.id));
    await waitFor('the expiry', async () => (await row(c.id)).status === 'expired');
    expect(await j.app.services.contracts.expire(Number(c.id))).toBe(false);
    expect((await notesOf(people.superadmin.user.id, 'contract_expired')).filter((n) => n.targetId === c.id)).toHaveLength(1);
    expect((await notesOf(people.client.user.id, 'contract_expired')).filter((n) => n.targetId === c.id)).toHaveLength(1);
    const audit = await call(j.app, 'GET', `/contracts/${c.id}/audit`, { token: people.superadmin.token });
    expect(audit.body.items.map((e: { kind: string; actor: unknown }) => [e.kind, e.actor])).toEqual([
      ['created', null],
      ['sent', { id: people.superadmin.user.id, name: 'Owner Person' }],
      ['reminded', null],
      ['expired', null],
    ]);
    const sign = await call(j.app, 'POST', `/contracts/${c.id}/sign`, {
      token: people.client.token,
      body: { signature_name: 'Client Person', agree: true },
    });
    expect(sign.status).toBe(409);
  });

  it('an approved project left without drafts (the process stopped right after the approval committed) gets them from the sweep, once', async () => {
    const created = await call(j.app, 'POST', '/projects', {
      token: people.client.token,
      body: { title: 'Interrupted approval', description: 'Approved just before the server stopped.', budget_minor: 90000, currency: 'GBP' },
    });
    expect(created.status).toBe(201);
    const projectId = Number(created.body.project.id);
    // What the approval committed, with no event handler run after it: approved, with its team, and no contracts.
    await j.app.ctx.db
      .update(projects)
      .set({ status: 'approved', teamLeadId: Number(people.teamlead.user.id) })
      .where(eq(projects.id, projectId));
    await j.app.ctx.db.insert(projectMembers).values({ projectId, userId: Number(people.teammember.user.id) });
    const listed = async () =>
      (await call(j.app, 'GET', '/contracts', { token: people.superadmin.token, query: { project_id: String(projectId) } })).body.items as {
        id: string;
        kind: string;
        status: string;
        signer: { id: string };
      }[];
    expect(await listed()).toEqual([]);

    const due = await sweepContracts(j.app.ctx, j.app.services.contracts);
    expect(due.generate).toContain(projectId);
    await waitFor('the generated drafts', async () => (await listed()).length === 3);
    expect((await listed()).map((c) => `${c.kind}:${c.signer.id}:${c.status}`).sort()).toEqual(
      [`client:${people.client.user.id}:draft`, `team:${people.teamlead.user.id}:draft`, `team:${people.teammember.user.id}:draft`].sort(),
    );
    const client = (await listed()).find((c) => c.kind === 'client')!;
    const audit = await call(j.app, 'GET', `/contracts/${client.id}/audit`, { token: people.superadmin.token });
    expect(audit.body.items.map((e: { kind: string; note: string | null }) => [e.kind, e.note])).toEqual([
      ['created', 'Generated when the project was approved'],
    ]);
    // Done: later sweeps leave it alone, and nothing is generated twice.
    expect((await sweepContracts(j.app.ctx, j.app.services.contracts)).generate).not.toContain(projectId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await listed()).toHaveLength(3);
  });

  it('a sent contract past its expiry cannot be signed even before the sweep has run', async () => {
    const p = await approvedProject(j.app, people, 'Late project');
    const c = await contractFor(j.app, people.superadmin.token, p.id, 'team', people.teamlead.user.id);
    const expiresAt = new Date(j.clock.now().getTime() + 86_400_000).toISOString();
    await call(j.app, 'POST', `/contracts/${c.id}/send`, { token: people.admin.token, body: { expires_at: expiresAt } });
    j.clock.advance(2 * 86_400_000);
    const sign = await call(j.app, 'POST', `/contracts/${c.id}/sign`, {
      token: people.teamlead.token,
      body: { signature_name: 'Lead', agree: true },
    });
    expect(sign.status).toBe(409);
    expect(sign.body.error).toBe('This contract has expired and can no longer be signed');
  });

  it("the signer's e-mail carries the sealed PDF, byte for byte", async () => {
    const p = await approvedProject(j.app, people, 'Mail project');
    const c = await freshContract(j.app, people.superadmin.token, p.id, 'client', people.client.user.id);
    const res = await call(j.app, 'POST', `/contracts/${c.id}/sign`, {
      token: people.client.token,
      body: { signature_name: 'Client Person', agree: true },
    });
    expect(res.status).toBe(200);
    const filename = `project-services-agreement-${c.id}-signed.pdf`;
    await waitFor('the signed-contract e-mail', () => smtp.received.some((m) => m.raw.includes(filename)));
    const mail = smtp.received.find((m) => m.raw.includes(filename))!;
    expect(mail.to).toEqual([people.client.user.email]);
    expect(mail.raw).toContain('Content-Type: application/pdf');
    // The PDF part: its headers, a blank line, then base64 up to the next MIME boundary.
    const part = mail.raw.slice(mail.raw.indexOf('Content-Type: application/pdf'));
    const base64 = part
      .slice(part.indexOf('\r\n\r\n') + 4)
      .split('\r\n--')[0]
      .replace(/\s/g, '');
    expect(sha256(Buffer.from(base64, 'base64'))).toBe(res.body.contract.signature.pdf_sha256);
  });
});
