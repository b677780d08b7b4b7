import type { AuthResponse, MyTrainingModule, TrainingModule, TrainingProgress } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, inviteAndSignup, multipart, must, signInEveryRole, type TestApp } from './helpers.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  t = await createTestApp();
  who = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

async function newModule(title = 'Onboarding', token = who.admin.token): Promise<TrainingModule> {
  return must(await call(t.app, 'POST', '/training/modules', { token, body: { title, description: 'How we work.' } }), 201, 'module').body.module;
}

async function addMaterial(moduleId: string, body: Record<string, unknown>) {
  return must(await call(t.app, 'POST', `/training/modules/${moduleId}/materials`, { token: who.admin.token, body }), 201, 'material').body.material;
}

async function publish(moduleId: string, roles: string[], dueDate: string | null = null) {
  must(
    await call(t.app, 'PUT', `/training/modules/${moduleId}/assignment`, { token: who.admin.token, body: { roles, due_date: dueDate } }),
    200,
    'assign',
  );
  return must(await call(t.app, 'PATCH', `/training/modules/${moduleId}`, { token: who.admin.token, body: { status: 'published' } }), 200, 'publish')
    .body.module as TrainingModule;
}

async function mine(token: string): Promise<MyTrainingModule[]> {
  return must(await call(t.app, 'GET', '/training/my', { token }), 200, 'my training').body.items;
}

describe('training materials', () => {
  it('staff build a module of ordered materials: Markdown, a video link and a stored file', async () => {
    const module = await newModule('Tools we use');
    expect(module).toMatchObject({ status: 'draft', roles: [], material_count: 0 });
    const text = await addMaterial(module.id, { title: 'Read me first', content: '# Welcome\n\nRead **this**.' });
    const video = await addMaterial(module.id, { title: 'Tour video', link_url: 'https://video.example.test/tour', link_kind: 'video' });
    const file = await addMaterial(module.id, { title: 'Handbook', description: 'The PDF' });
    expect([text.kind, video.kind, file.kind]).toEqual(['text', 'video', 'text']);

    const upload = multipart([{ name: 'handbook.pdf', content: Buffer.from('%PDF-1.4 handbook') }]);
    const withFile = must(
      await call(t.app, 'POST', `/training/materials/${file.id}/file`, { token: who.admin.token, body: upload.body, headers: upload.headers }),
      201,
      'file',
    ).body.material;
    expect(withFile).toMatchObject({ kind: 'file', file: { name: 'handbook.pdf', size: 17 } });
    const download = await t.app.inject({ method: 'GET', url: withFile.file.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 handbook');

    const listed = must(await call(t.app, 'GET', '/training/modules', { token: who.admin.token }), 200, 'list').body.items as TrainingModule[];
    expect(listed.find((m) => m.id === module.id)?.material_count).toBe(3);
    must(
      await call(t.app, 'POST', `/training/materials/${file.id}/move`, { token: who.superadmin.token, body: { before_material_id: text.id } }),
      200,
      'move',
    );
    const detail = must(await call(t.app, 'GET', `/training/modules/${module.id}`, { token: who.admin.token }), 200, 'detail').body.module;
    expect(detail.materials.map((m: { title: string }) => m.title)).toEqual(['Handbook', 'Read me first', 'Tour video']);

    must(await call(t.app, 'DELETE', `/training/materials/${file.id}`, { token: who.admin.token }), 204, 'delete');
    expect((await t.app.inject({ method: 'GET', url: withFile.file.url })).statusCode).toBe(404);
  });

  it('refuses bad input: unsafe links, a link without its kind, short titles', async () => {
    const module = await newModule('Validation');
    for (const [body, message] of [
      [{ title: 'Bad link', link_url: 'javascript:alert(1)', link_kind: 'article' }, /full web address/],
      [{ title: 'No kind', link_url: 'https://example.test/a' }, /video or an article/],
      [{ title: 'ab' }, /at least 3 characters/],
    ] as const) {
      const res = await call(t.app, 'POST', `/training/modules/${module.id}/materials`, { token: who.admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const roles = await call(t.app, 'PUT', `/training/modules/${module.id}/assignment`, { token: who.admin.token, body: { roles: ['client'] } });
    expect(roles.status).toBe(400);
  });

  it('employees see only published modules assigned to their role, and are told when one is assigned', async () => {
    const lead = await inviteAndSignup(t.app, who.admin.token, 'teamlead');
    const member = await inviteAndSignup(t.app, who.admin.token, 'teammember');
    const module = await newModule('Security basics');
    await addMaterial(module.id, { title: 'Passwords', content: 'Use a manager.' });
    must(
      await call(t.app, 'PUT', `/training/modules/${module.id}/assignment`, { token: who.admin.token, body: { roles: ['teammember'] } }),
      200,
      'assign',
    );
    // A draft is nobody's yet: not listed, hidden (404), and nobody was told.
    expect((await mine(member.token)).map((m) => m.id)).not.toContain(module.id);
    expect((await call(t.app, 'GET', `/training/modules/${module.id}`, { token: member.token })).status).toBe(404);
    const before = must(await call(t.app, 'GET', '/notifications', { token: member.token }), 200, 'notes').body.items;
    expect(before.filter((n: { kind: string }) => n.kind === 'training_assigned')).toEqual([]);

    await publish(module.id, ['teammember'], '2030-03-01');
    const memberNotes = must(await call(t.app, 'GET', '/notifications', { token: member.token }), 200, 'notes').body.items;
    expect(memberNotes[0]).toMatchObject({ kind: 'training_assigned', target: { type: 'training', id: module.id } });
    expect(memberNotes[0].body).toContain('due 01 Mar 2030.');
    expect((await mine(member.token)).find((m) => m.id === module.id)).toMatchObject({ due_date: '2030-03-01', completed: 0, total: 1 });
    expect((await mine(lead.token)).map((m) => m.id)).not.toContain(module.id);
    expect((await call(t.app, 'GET', `/training/modules/${module.id}`, { token: lead.token })).status).toBe(404);

    // Adding team leads to a published module tells them, and only them.
    must(
      await call(t.app, 'PUT', `/training/modules/${module.id}/assignment`, { token: who.admin.token, body: { roles: ['teammember', 'teamlead'] } }),
      200,
      'assign leads',
    );
    const leadNotes = must(await call(t.app, 'GET', '/notifications', { token: lead.token }), 200, 'lead notes').body.items;
    expect(leadNotes.filter((n: { kind: string }) => n.kind === 'training_assigned')).toHaveLength(1);
    const memberAgain = must(await call(t.app, 'GET', '/notifications', { token: member.token }), 200, 'notes').body.items;
    expect(
      memberAgain.filter((n: { kind: string; target: { id: string } }) => n.kind === 'training_assigned' && n.target.id === module.id),
    ).toHaveLength(1);
  });

  it('a member completes a module; the team lead sees 100 % for their team, staff for everyone', async () => {
    const lead = await inviteAndSignup(t.app, who.admin.token, 'teamlead');
    const member = await inviteAndSignup(t.app, who.admin.token, 'teammember');
    const stranger = await inviteAndSignup(t.app, who.admin.token, 'teammember');
    const created = await call(t.app, 'POST', '/projects', {
      token: who.client.token,
      body: { title: 'Team', description: 'The lead and the member.' },
    });
    await call(t.app, 'POST', `/projects/${created.body.project.id}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: lead.user.id, member_ids: [member.user.id] },
    });
    const module = await newModule('Code review');
    const first = await addMaterial(module.id, { title: 'Why we review', content: 'Because.' });
    const second = await addMaterial(module.id, { title: 'How to review', link_url: 'https://example.test/review', link_kind: 'article' });
    await publish(module.id, ['teammember']);
    // Another module of a different size, so each module's total is its own.
    const other = await newModule('Other module');
    for (const title of ['One', 'Two', 'Three']) await addMaterial(other.id, { title, content: 'x' });
    await publish(other.id, ['teammember']);

    const progressOf = async (token: string, person: AuthResponse) => {
      const body = must(await call(t.app, 'GET', '/training/progress', { token }), 200, 'progress').body as TrainingProgress;
      return body.people.find((p) => p.id === person.user.id)?.modules.find((m) => m.module_id === module.id);
    };
    expect(await progressOf(lead.token, member)).toEqual({ module_id: module.id, completed: 0, total: 2 });
    const totals = must(await call(t.app, 'GET', '/training/progress', { token: who.admin.token }), 200, 'progress').body as TrainingProgress;
    expect(totals.modules.filter((m) => m.id === module.id || m.id === other.id).map((m) => m.total)).toEqual([2, 3]);

    const done = must(await call(t.app, 'POST', `/training/materials/${first.id}/complete`, { token: member.token }), 200, 'complete').body.material;
    expect(done.completed_at).not.toBeNull();
    must(await call(t.app, 'POST', `/training/materials/${first.id}/complete`, { token: member.token }), 200, 'again, idempotent');
    must(await call(t.app, 'POST', `/training/materials/${second.id}/complete`, { token: member.token }), 200, 'complete second');
    expect((await mine(member.token)).find((m) => m.id === module.id)).toMatchObject({ completed: 2, total: 2 });
    expect(await progressOf(lead.token, member)).toEqual({ module_id: module.id, completed: 2, total: 2 });
    expect(await progressOf(who.admin.token, member)).toEqual({ module_id: module.id, completed: 2, total: 2 });
    // A lead sees their own team only; staff see everyone.
    expect(await progressOf(lead.token, stranger)).toBeUndefined();
    expect(await progressOf(who.superadmin.token, stranger)).toEqual({ module_id: module.id, completed: 0, total: 2 });
    expect((await call(t.app, 'GET', '/training/progress', { token: member.token })).status).toBe(403);

    const undone = must(await call(t.app, 'DELETE', `/training/materials/${second.id}/complete`, { token: member.token }), 200, 'undo').body.material;
    expect(undone.completed_at).toBeNull();
    expect(await progressOf(lead.token, member)).toEqual({ module_id: module.id, completed: 1, total: 2 });
  });

  it('refuses completion of a module not assigned to the caller (404) and to staff (403)', async () => {
    const module = await newModule('Leads only');
    const material = await addMaterial(module.id, { title: 'Leading', content: 'Lead.' });
    await publish(module.id, ['teamlead']);
    expect((await call(t.app, 'POST', `/training/materials/${material.id}/complete`, { token: who.teammember.token })).status).toBe(404);
    expect((await call(t.app, 'POST', `/training/materials/${material.id}/complete`, { token: who.admin.token })).status).toBe(403);
    must(await call(t.app, 'POST', `/training/materials/${material.id}/complete`, { token: who.teamlead.token }), 200, 'lead completes');
  });

  it('orders modules, and deleting one removes its materials', async () => {
    const a = await newModule('Module A');
    const b = await newModule('Module B');
    must(await call(t.app, 'POST', `/training/modules/${b.id}/move`, { token: who.admin.token, body: { before_module_id: a.id } }), 200, 'move');
    const list = must(await call(t.app, 'GET', '/training/modules', { token: who.admin.token }), 200, 'list').body.items as TrainingModule[];
    const ids = list.map((m) => m.id);
    expect(ids.indexOf(b.id)).toBe(ids.indexOf(a.id) - 1);
    const material = await addMaterial(a.id, { title: 'Gone soon', content: 'x' });
    must(await call(t.app, 'DELETE', `/training/modules/${a.id}`, { token: who.admin.token }), 204, 'delete');
    expect(
      (await call(t.app, 'PATCH', `/training/materials/${material.id}`, { token: who.admin.token, body: { title: 'Still here?' } })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/training/modules', { token: who.teamlead.token })).status).toBe(403);
  });
});
