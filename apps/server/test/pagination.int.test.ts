import type { AuthResponse } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './contract-support.js';
import { call, createTestApp, inviteAndSignup, must, signInEveryRole, signupClient, uniqueEmail, type TestApp } from './helpers.js';

// Every paginated list route (each one answering `{items, next_cursor}`), walked page by page with a small limit:
// the pages never overlap, never leave a record out, and together are exactly what one large page lists. Training
// lists are not paginated (a module list, a person's own modules) and are not here.

let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  // A data folder of its own: contracts generate a sealing certificate there.
  t = await createTestApp({ DATA_DIR: tempDataDir() });
  who = await signInEveryRole(t.app);
});
afterAll(async () => t.close());

const PAGE = 3;
/** More records than two pages hold, and not a multiple of the page size: a short last page. */
const N = 2 * PAGE + 1;

type Page = { ids: string[]; next: string | null };

async function page(path: string, token: string, query: Record<string, string>, limit: number, cursor: string | null): Promise<Page> {
  const res = await call(t.app, 'GET', path, { token, query: { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) } });
  must(res, 200, `GET ${path}`);
  return { ids: res.body.items.map((i: { id: string }) => i.id), next: res.body.next_cursor };
}

/** Every page from the first to the one whose next_cursor is null. */
async function walk(path: string, token: string, query: Record<string, string> = {}, limit = PAGE, between?: (pageNo: number) => Promise<void>) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(path, token, query, limit, cursor);
    pages.push(p);
    cursor = p.next;
    if (cursor && between) await between(pages.length);
  } while (cursor && pages.length < 1000);
  return pages;
}

/** The walk is the full list: full pages but the last, no id twice, nothing missing, in the list's order. */
async function expectWalkCoversList(path: string, token: string, query: Record<string, string>, order: 'newest' | 'oldest' = 'newest') {
  const pages = await walk(path, token, query);
  const walked = pages.flatMap((p) => p.ids);
  const full = (await walk(path, token, query, 100)).flatMap((p) => p.ids);
  expect(pages.slice(0, -1).every((p) => p.ids.length === PAGE && p.next !== null)).toBe(true);
  expect(pages.at(-1)!.ids.length).toBeLessThanOrEqual(PAGE);
  expect(pages.at(-1)!.next).toBeNull();
  expect(new Set(walked).size, 'no record on two pages').toBe(walked.length);
  expect(walked, 'the pages together are the whole list').toEqual(full);
  const sorted = [...walked].sort((a, b) => (order === 'newest' ? Number(b) - Number(a) : Number(a) - Number(b)));
  expect(walked).toEqual(sorted);
  return walked;
}

async function projectsOf(client: AuthResponse, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(t.app, 'POST', '/projects', { token: client.token, body: { title: `Paged project ${i}`, description: 'One of many.' } });
    ids.push(must(res, 201, 'create project').body.project.id);
  }
  return ids;
}

async function toolRequestsOf(client: AuthResponse, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = { name: `Licence ${i}`, category: 'Software licence', reason: 'Needed for the work', quantity: 1 };
    ids.push(must(await call(t.app, 'POST', '/tool-requests', { token: client.token, body }), 201, 'tool request').body.tool_request.id);
  }
  return ids;
}

/** A project of a new client, approved with the team lead and member: its draft contracts are generated. */
async function approvedProjectOf(client: AuthResponse) {
  const [id] = await projectsOf(client, 1);
  const body = { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id] };
  must(await call(t.app, 'POST', `/projects/${id}/approve`, { token: who.superadmin.token, body }), 200, 'approve');
  return id;
}

const listIds = async (path: string, token: string, query: Record<string, string>) => (await walk(path, token, query, 100)).flatMap((p) => p.ids);

describe('GET /api/projects', () => {
  it("pages a client's projects, newest first, without overlap or gap", async () => {
    const client = await signupClient(t.app);
    const made = await projectsOf(client, N);
    expect(await expectWalkCoversList('/projects', client.token, {})).toEqual([...made].reverse());
  });

  it('pages oldest first on request', async () => {
    const client = await signupClient(t.app);
    const made = await projectsOf(client, N);
    expect(await expectWalkCoversList('/projects', client.token, { order: 'oldest' }, 'oldest')).toEqual(made);
  });

  it("pages staff's view of every client's pending projects", async () => {
    const made = [...(await projectsOf(await signupClient(t.app), PAGE)), ...(await projectsOf(await signupClient(t.app), PAGE + 1))];
    const walked = await expectWalkCoversList('/projects', who.admin.token, { status: 'pending' });
    expect(walked).toEqual(expect.arrayContaining(made));
  });

  it('neither repeats nor skips a record when a new one arrives between pages', async () => {
    const client = await signupClient(t.app);
    const made = await projectsOf(client, N);
    const arrived: string[] = [];
    const pages = await walk('/projects', client.token, {}, PAGE, async () => {
      arrived.push(...(await projectsOf(client, 1)));
    });
    const walked = pages.flatMap((p) => p.ids);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked).toEqual([...made].reverse());
    expect(arrived).toHaveLength(pages.length - 1);
  });
});

describe('GET /api/tool-requests', () => {
  it("pages a client's requests without overlap or gap", async () => {
    const client = await signupClient(t.app);
    const made = await toolRequestsOf(client, N);
    expect(await expectWalkCoversList('/tool-requests', client.token, {})).toEqual([...made].reverse());
  });

  it("pages staff's queue of requested tools", async () => {
    const made = await toolRequestsOf(await signupClient(t.app), N);
    expect(await expectWalkCoversList('/tool-requests', who.superadmin.token, { status: 'requested' })).toEqual(expect.arrayContaining(made));
  });
});

describe('GET /api/notifications', () => {
  it("pages a person's notifications, all or unread only, without overlap or gap", async () => {
    const client = await signupClient(t.app);
    for (const id of await toolRequestsOf(client, N)) {
      must(await call(t.app, 'POST', `/tool-requests/${id}/decision`, { token: who.admin.token, body: { action: 'approve' } }), 200, 'decide');
    }
    const all = await expectWalkCoversList('/notifications', client.token, {});
    expect(all).toHaveLength(N);
    must(await call(t.app, 'POST', `/notifications/${all[1]}/read`, { token: client.token }), 200, 'mark read');
    const unread = await expectWalkCoversList('/notifications', client.token, { unread: 'true' });
    expect(unread).toEqual(all.filter((id) => id !== all[1]));
  });
});

describe('GET /api/invitations', () => {
  it('pages pending invitations of a group without overlap or gap', async () => {
    const made: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await call(t.app, 'POST', '/invitations', { token: who.admin.token, body: { email: uniqueEmail('paged'), role: 'teammember' } });
      made.push(must(res, 201, 'invite').body.invitation.id);
    }
    expect(await expectWalkCoversList('/invitations', who.admin.token, { role: 'employee' })).toEqual(expect.arrayContaining(made));
  });
});

describe('GET /api/users', () => {
  it('pages the accounts of a group without overlap or gap', async () => {
    const made: string[] = [];
    for (let i = 0; i < N; i++) made.push((await inviteAndSignup(t.app, who.superadmin.token, 'teammember')).user.id);
    const walked = await expectWalkCoversList('/users', who.superadmin.token, { role: 'employee' });
    expect(walked).toEqual(expect.arrayContaining([...made, who.teamlead.user.id, who.teammember.user.id]));
  });
});

describe('GET /api/contracts', () => {
  /** N client contracts on one project, each sent and then replaced by the next (one live contract at a time). */
  async function contractsOn(projectId: string, signerId: string) {
    const templates = must(await call(t.app, 'GET', '/contract-templates', { token: who.admin.token, query: { kind: 'client' } }), 200, 'templates');
    const template = templates.body.items.find((x: { is_default: boolean }) => x.is_default);
    const made: string[] = [];
    for (let i = 0; i < N; i++) {
      const live = must(
        await call(t.app, 'GET', '/contracts', { token: who.admin.token, query: { project_id: projectId, kind: 'client' } }),
        200,
        'list',
      );
      for (const c of live.body.items.filter((x: { status: string }) => x.status === 'draft' || x.status === 'sent')) {
        must(
          await call(t.app, 'POST', `/contracts/${c.id}/void`, { token: who.admin.token, body: { reason: 'Replaced by a new version' } }),
          200,
          'void',
        );
      }
      const body = { project_id: projectId, template_id: template.id, kind: 'client', signer_id: signerId };
      const id = must(await call(t.app, 'POST', '/contracts', { token: who.admin.token, body }), 201, 'create contract').body.contract.id;
      must(await call(t.app, 'POST', `/contracts/${id}/send`, { token: who.admin.token, body: {} }), 200, 'send');
      made.push(id);
    }
    return made;
  }

  it("pages staff's contracts of a project, and the signer's own, without overlap or gap", async () => {
    const client = await signupClient(t.app);
    const projectId = await approvedProjectOf(client);
    const generated = await listIds('/contracts', who.admin.token, { project_id: projectId });
    expect(generated.length).toBeGreaterThan(0);
    const made = await contractsOn(projectId, client.user.id);

    const staffView = await expectWalkCoversList('/contracts', who.admin.token, { project_id: projectId });
    expect(staffView).toEqual([...[...made].reverse(), ...generated]);
    // The signer sees what was sent to them, never a draft: here every one made, and the generated draft once voided.
    const signerView = await expectWalkCoversList('/contracts', client.token, { project_id: projectId });
    expect(signerView).toEqual(expect.arrayContaining(made));
    expect(signerView).toEqual(staffView.filter((id) => signerView.includes(id)));
  });
});

describe('GET /api/contract-templates', () => {
  it('pages the templates without overlap or gap', async () => {
    const made: string[] = [];
    for (let i = 0; i < N; i++) {
      const body = { kind: 'team', title: `Paged template ${i}`, body: 'Terms of the work, in plain words.' };
      made.push(must(await call(t.app, 'POST', '/contract-templates', { token: who.admin.token, body }), 201, 'template').body.template.id);
    }
    const walked = await expectWalkCoversList('/contract-templates', who.admin.token, { kind: 'team' });
    expect(walked.slice(0, N)).toEqual([...made].reverse());
  });
});

describe('GET /api/invoices', () => {
  it("pages staff's invoices of a project, and the client's own, without overlap or gap", async () => {
    const client = await signupClient(t.app);
    const projectId = await approvedProjectOf(client);
    const made: string[] = [];
    for (let i = 0; i < N; i++) {
      const body = { project_id: projectId, lines: [{ description: `Design work ${i}`, quantity: 1, unit_price: 10000, tax_rate: 20 }] };
      const id = must(await call(t.app, 'POST', '/invoices', { token: who.admin.token, body }), 201, 'create invoice').body.invoice.id;
      must(await call(t.app, 'POST', `/invoices/${id}/send`, { token: who.admin.token }), 200, 'send invoice');
      made.push(id);
    }
    expect(await expectWalkCoversList('/invoices', who.admin.token, { project_id: projectId })).toEqual([...made].reverse());
    expect(await expectWalkCoversList('/invoices', client.token, {})).toEqual([...made].reverse());
  });
});

describe('GET /api/audit-log', () => {
  it("pages one person's entries without overlap or gap", async () => {
    const admin = await inviteAndSignup(t.app, who.superadmin.token, 'admin');
    const invited: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await call(t.app, 'POST', '/invitations', { token: admin.token, body: { email: uniqueEmail('audited'), role: 'teammember' } });
      invited.push(must(res, 201, 'invite').body.invitation.id);
    }
    const query = { actor_id: admin.user.id, action: 'invitation.created' };
    const walked = await expectWalkCoversList('/audit-log', who.superadmin.token, query);
    expect(walked).toHaveLength(N);
    const entries = must(await call(t.app, 'GET', '/audit-log', { token: who.superadmin.token, query: { ...query, limit: '100' } }), 200, 'audit');
    expect(entries.body.items.map((e: { entity_id: string }) => e.entity_id)).toEqual([...invited].reverse());
  });
});
