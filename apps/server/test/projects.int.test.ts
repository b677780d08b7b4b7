import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema.js';
import { call, createTestApp, signInEveryRole, type TestApp } from './helpers.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  t = await createTestApp();
  who = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

async function createProject(token = who.client.token, title = 'Company website') {
  const res = await call(t.app, 'POST', '/projects', {
    token,
    body: { title, description: 'A five-page marketing site with a blog.', budget_minor: 250000, currency: 'GBP', deadline: '2027-03-01' },
  });
  expect(res.status).toBe(201);
  return res.body.project;
}

function multipart(files: { name: string; content: Buffer; type?: string }[]) {
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

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

describe('projects', () => {
  it('a client creates a project that starts pending, with a timeline entry and staff notified', async () => {
    const project = await createProject();
    expect(project).toMatchObject({
      title: 'Company website',
      status: 'pending',
      client_id: who.client.user.id,
      budget_minor: 250000,
      currency: 'GBP',
    });
    const activity = await call(t.app, 'GET', `/projects/${project.id}/activity`, { token: who.client.token });
    expect(activity.body.items).toHaveLength(1);
    expect(activity.body.items[0]).toMatchObject({ kind: 'created', to_status: 'pending' });
    const owner = await call(t.app, 'GET', '/notifications', { token: who.superadmin.token });
    expect(owner.body.items[0]).toMatchObject({ kind: 'project_submitted', project_id: project.id });
    const admin = await call(t.app, 'GET', '/notifications/unread-count', { token: who.admin.token });
    expect(admin.body.count).toBeGreaterThan(0);
  });

  it('rejects bad input with 400 and stores nothing', async () => {
    const before = await call(t.app, 'GET', '/projects', { token: who.client.token });
    const res = await call(t.app, 'POST', '/projects', { token: who.client.token, body: { title: 'ab', description: 'short' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toMatch(/Title must be at least 3 characters/);
    const after = await call(t.app, 'GET', '/projects', { token: who.client.token });
    expect(after.body.items).toHaveLength(before.body.items.length);
  });

  it("a client never sees another client's project (404)", async () => {
    const project = await createProject();
    for (const path of [`/projects/${project.id}`, `/projects/${project.id}/activity`]) {
      const res = await call(t.app, 'GET', path, { token: who.otherClient.token });
      expect(res.status).toBe(404);
    }
    const list = await call(t.app, 'GET', '/projects', { token: who.otherClient.token });
    expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(project.id);
  });

  it('the super admin approves with a team lead and members; client and team are notified', async () => {
    const project = await createProject();
    const res = await call(t.app, 'POST', `/projects/${project.id}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id], note: 'Welcome aboard' },
    });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ status: 'approved', team_lead: { id: who.teamlead.user.id } });
    expect(res.body.project.members.map((m: { id: string }) => m.id)).toEqual([who.teammember.user.id]);
    const timeline = await call(t.app, 'GET', `/projects/${project.id}/activity`, { token: who.client.token });
    expect(timeline.body.items.at(-1)).toMatchObject({
      kind: 'status_changed',
      from_status: 'pending',
      to_status: 'approved',
      note: 'Welcome aboard',
    });
    const clientNotes = await call(t.app, 'GET', '/notifications', { token: who.client.token });
    expect(clientNotes.body.items[0]).toMatchObject({
      kind: 'project_approved',
      project_id: project.id,
      read: false,
      target: { type: 'project', id: project.id },
    });
    // The server names what the notification is about; each reader's web app opens it on their own screen.
    const leadNotes = await call(t.app, 'GET', '/notifications', { token: who.teamlead.token });
    expect(leadNotes.body.items[0]).toMatchObject({ kind: 'project_approved', target: { type: 'project', id: project.id } });
    const mails = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.client.user.email));
    expect(mails.at(-1)?.text).toContain(`http://app.test/go/project/${project.id}`);
    for (const member of [who.teamlead, who.teammember]) {
      const list = await call(t.app, 'GET', '/projects', { token: member.token });
      expect(list.body.items.map((p: { id: string }) => p.id)).toContain(project.id);
    }
    // The team lead moves it on; an illegal jump answers 409 and changes nothing.
    const illegal = await call(t.app, 'POST', `/projects/${project.id}/status`, { token: who.teamlead.token, body: { status: 'completed' } });
    expect(illegal.status).toBe(409);
    const started = await call(t.app, 'POST', `/projects/${project.id}/status`, { token: who.teamlead.token, body: { status: 'in_progress' } });
    expect(started.body.project.status).toBe('in_progress');
    const memberTry = await call(t.app, 'POST', `/projects/${project.id}/status`, { token: who.teammember.token, body: { status: 'completed' } });
    expect(memberTry.status).toBe(403);
    const done = await call(t.app, 'POST', `/projects/${project.id}/status`, { token: who.admin.token, body: { status: 'completed' } });
    expect(done.body.project.status).toBe('completed');
    const cancelClosed = await call(t.app, 'POST', `/projects/${project.id}/status`, { token: who.superadmin.token, body: { status: 'cancelled' } });
    expect(cancelClosed.status).toBe(409);
  });

  it('approval needs an active team lead; a team member as lead answers 422', async () => {
    const project = await createProject();
    const res = await call(t.app, 'POST', `/projects/${project.id}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: who.teammember.user.id },
    });
    expect(res.status).toBe(422);
    const still = await call(t.app, 'GET', `/projects/${project.id}`, { token: who.client.token });
    expect(still.body.project.status).toBe('pending');
  });

  it('rejection needs a reason and shows it to the client; a rejected project cannot be approved', async () => {
    const project = await createProject();
    const noReason = await call(t.app, 'POST', `/projects/${project.id}/reject`, { token: who.superadmin.token, body: { reason: '' } });
    expect(noReason.status).toBe(400);
    const byAdmin = await call(t.app, 'POST', `/projects/${project.id}/reject`, { token: who.admin.token, body: { reason: 'Not for us' } });
    expect(byAdmin.status).toBe(403);
    const res = await call(t.app, 'POST', `/projects/${project.id}/reject`, { token: who.superadmin.token, body: { reason: 'Out of scope for us' } });
    expect(res.body.project).toMatchObject({ status: 'rejected', rejection_reason: 'Out of scope for us' });
    const seen = await call(t.app, 'GET', `/projects/${project.id}`, { token: who.client.token });
    expect(seen.body.project.rejection_reason).toBe('Out of scope for us');
    const approve = await call(t.app, 'POST', `/projects/${project.id}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: who.teamlead.user.id },
    });
    expect(approve.status).toBe(409);
  });

  it('paginates the project list with at most 100 per page', async () => {
    const tooMany = await call(t.app, 'GET', '/projects', { token: who.admin.token, query: { limit: '101' } });
    expect(tooMany.status).toBe(400);
    const first = await call(t.app, 'GET', '/projects', { token: who.admin.token, query: { limit: '2' } });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await call(t.app, 'GET', '/projects', { token: who.admin.token, query: { limit: '2', cursor: first.body.next_cursor } });
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    const pending = await call(t.app, 'GET', '/projects', { token: who.superadmin.token, query: { status: 'pending', order: 'oldest' } });
    const ids = pending.body.items.map((p: { id: string }) => Number(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('summary counts by status for the caller only', async () => {
    const res = await call(t.app, 'GET', '/projects/summary', { token: who.otherClient.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
    const owner = await call(t.app, 'GET', '/projects/summary', { token: who.superadmin.token });
    expect(owner.body.pending).toBeGreaterThan(0);
    expect(owner.body.recent_activity.length).toBeGreaterThan(0);
  });
});

describe('project attachments', () => {
  it('stores files, detects the type from content, and serves them through signed URLs only', async () => {
    const project = await createProject();
    const upload = multipart([
      { name: 'logo.png', content: PNG, type: 'text/html' },
      { name: 'brief.txt', content: Buffer.from('hello brief') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/attachments`,
      headers: { ...upload.headers, authorization: `Bearer ${who.client.token}` },
      payload: upload.body,
    });
    expect(res.statusCode).toBe(201);
    const files = res.json().project.attachments;
    expect(files.map((f: { name: string; mime: string }) => [f.name, f.mime])).toEqual([
      ['logo.png', 'image/png'],
      ['brief.txt', 'text/plain'],
    ]);
    const image = await t.app.inject({ method: 'GET', url: files[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const text = await t.app.inject({ method: 'GET', url: files[1].url });
    expect(text.headers['content-disposition']).toMatch(/^attachment/);
    const tampered = await t.app.inject({ method: 'GET', url: files[0].url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(tampered.statusCode).toBe(404);
    const stranger = await call(t.app, 'GET', `/projects/${project.id}`, { token: who.otherClient.token });
    expect(stranger.status).toBe(404);
    const strangerUpload = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/attachments`,
      headers: { ...upload.headers, authorization: `Bearer ${who.otherClient.token}` },
      payload: upload.body,
    });
    expect(strangerUpload.statusCode).toBe(404);
    // Links live SIGNED_URL_TTL_MINUTES (30 by default).
    t.clock.advance(31 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: files[0].url });
    expect(expired.statusCode).toBe(404);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const project = await createProject();
    const upload = multipart([
      { name: 'small.txt', content: Buffer.from('fine') },
      { name: 'big.bin', content: Buffer.alloc(10 * 1024 * 1024 + 1, 7) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/attachments`,
      headers: { ...upload.headers, authorization: `Bearer ${who.client.token}` },
      payload: upload.body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    const after = await call(t.app, 'GET', `/projects/${project.id}`, { token: who.client.token });
    expect(after.body.project.attachments).toEqual([]);
  });

  it('refuses an 11th file with 413 and stores nothing', async () => {
    const project = await createProject();
    const upload = multipart(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.from(`file ${i}`) })));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/attachments`,
      headers: { ...upload.headers, authorization: `Bearer ${who.client.token}` },
      payload: upload.body,
    });
    expect(res.statusCode).toBe(413);
    const after = await call(t.app, 'GET', `/projects/${project.id}`, { token: who.client.token });
    expect(after.body.project.attachments).toEqual([]);
  });

  it('refuses a request whose declared length is over the limits before reading it', async () => {
    const project = await createProject();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/attachments`,
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(200 * 1024 * 1024),
        authorization: `Bearer ${who.client.token}`,
      },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('tool requests', () => {
  it('go from requested to fulfilled and the client is told', async () => {
    const created = await call(t.app, 'POST', '/tool-requests', {
      token: who.client.token,
      body: { name: 'Figma seat', category: 'Software licence', reason: 'Review the designs', quantity: 2, needed_by: '2027-01-15' },
    });
    expect(created.status).toBe(201);
    const id = created.body.tool_request.id;
    expect(created.body.tool_request.status).toBe('requested');
    const other = await call(t.app, 'GET', `/tool-requests/${id}`, { token: who.otherClient.token });
    expect(other.status).toBe(404);
    const declineNoReason = await call(t.app, 'POST', `/tool-requests/${id}/decision`, { token: who.admin.token, body: { action: 'decline' } });
    expect(declineNoReason.status).toBe(400);
    const approved = await call(t.app, 'POST', `/tool-requests/${id}/decision`, { token: who.admin.token, body: { action: 'approve' } });
    expect(approved.body.tool_request.status).toBe('approved');
    const declineLate = await call(t.app, 'POST', `/tool-requests/${id}/decision`, {
      token: who.admin.token,
      body: { action: 'decline', reason: 'Changed mind' },
    });
    expect(declineLate.status).toBe(409);
    const fulfilled = await call(t.app, 'POST', `/tool-requests/${id}/decision`, { token: who.superadmin.token, body: { action: 'fulfil' } });
    expect(fulfilled.body.tool_request.status).toBe('fulfilled');
    const notes = await call(t.app, 'GET', '/notifications', { token: who.client.token });
    expect(notes.body.items[0]).toMatchObject({ kind: 'tool_request_fulfilled', target: { type: 'tool_request', id } });
    const clientDecides = await call(t.app, 'POST', `/tool-requests/${id}/decision`, { token: who.client.token, body: { action: 'approve' } });
    expect(clientDecides.status).toBe(403);
  });
});

describe('notifications', () => {
  it('are private, marked read one by one or all at once', async () => {
    const list = await call(t.app, 'GET', '/notifications', { token: who.client.token });
    const first = list.body.items[0];
    const foreign = await call(t.app, 'POST', `/notifications/${first.id}/read`, { token: who.otherClient.token });
    expect(foreign.status).toBe(404);
    const one = await call(t.app, 'POST', `/notifications/${first.id}/read`, { token: who.client.token });
    expect(one.body.notification.read).toBe(true);
    const all = await call(t.app, 'POST', '/notifications/read-all', { token: who.client.token });
    expect(all.status).toBe(200);
    const count = await call(t.app, 'GET', '/notifications/unread-count', { token: who.client.token });
    expect(count.body.count).toBe(0);
  });
});
