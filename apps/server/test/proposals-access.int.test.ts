// Every proposal route, called by every kind of caller (test/access-callers.ts), with the exact status each one gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  isStaff,
  routesNotCalled,
  signInCallers,
  STAFF_ONLY,
  statuses,
  type ActorName,
  type Callers,
  type Expected,
} from './access-callers.js';
import { tempDataDir, type People } from './contract-support.js';
import { call, createTestApp, type TestApp } from './helpers.js';
import { draftProposal, pendingProject, sentProposal } from './proposal-support.js';

/** A sent proposal of the client's company: its owners and billing people read it, its member sees no prices (403). */
const READ = statuses(401, [200, 200, 200, 403], 404, 403, 403, 403, 200, 200);
/** The owners' answers: billing and members are refused by the route, another company is told nothing, staff may not answer. */
const ANSWER = (ok: number) => statuses(401, [ok, ok, 403, 403], 404, 403, 403, 403, 403, 403);

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path for this caller; may prepare a fresh record so a call that changes state does not affect the next. */
  path: (actor: ActorName) => Promise<string> | string;
  body?: unknown;
  expected: Expected;
};

let t: TestApp;
let who: People;
let tokenOf: Callers['tokenOf'];
let sentId: string;
let draftId: string;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir() });
  ({ who, tokenOf } = await signInCallers(t.app));
  sentId = (await sentProposal(t.app, staffToken(), who.client.token, who.teamlead.user.id)).proposal.id;
  draftId = (await draftProposal(t.app, staffToken(), (await pendingProject(t.app, who.client.token)).id)).id;
  templateId = await newTemplate();
});
afterAll(async () => t.close());

function staffToken() {
  return who.admin.token;
}

const isOwner = (actor: ActorName) => actor === 'client' || actor === 'coOwner';

async function newTemplate() {
  const res = await call(t.app, 'POST', '/proposal-templates', { token: staffToken(), body: { title: 'Access table template' } });
  return res.body.template.id as string;
}
async function freshDraft() {
  return (await draftProposal(t.app, staffToken(), (await pendingProject(t.app, who.client.token)).id, { team_lead_id: who.teamlead.user.id })).id;
}
async function freshSent() {
  return (await sentProposal(t.app, staffToken(), who.client.token, who.teamlead.user.id)).proposal.id;
}
/** A declined proposal (revisable), for the caller who will revise it. */
async function freshDeclined() {
  const id = await freshSent();
  await call(t.app, 'POST', `/proposals/${id}/decline`, { token: who.client.token, body: { reason: 'Not now, thanks' } });
  return id;
}

const ROWS: Row[] = [
  { name: 'list templates', method: 'GET', path: () => '/proposal-templates', expected: STAFF_ONLY(200) },
  { name: 'create a template', method: 'POST', path: () => '/proposal-templates', body: { title: 'Table template' }, expected: STAFF_ONLY(201) },
  { name: 'edit a template', method: 'PATCH', path: () => `/proposal-templates/${templateId}`, body: { title: 'Edited' }, expected: STAFF_ONLY(200) },
  {
    name: 'delete a template',
    method: 'DELETE',
    path: async (actor) => `/proposal-templates/${isStaff(actor) ? await newTemplate() : templateId}`,
    expected: STAFF_ONLY(204),
  },
  // Prices: the company's owners and billing people, and staff.
  { name: 'sum proposals for the dashboards', method: 'GET', path: () => '/proposals/summary', expected: STAFF_ONLY(200) },
  { name: 'list proposals', method: 'GET', path: () => '/proposals', expected: statuses(401, [200, 200, 200, 403], 200, 403, 403, 403, 200, 200) },
  {
    name: 'create a proposal',
    method: 'POST',
    path: () => '/proposals',
    body: undefined,
    expected: STAFF_ONLY(201),
  },
  { name: 'read a sent proposal', method: 'GET', path: () => `/proposals/${sentId}`, expected: READ },
  // A draft is the agency's own: the company's owners and billing people are told nothing of it.
  {
    name: 'read a draft',
    method: 'GET',
    path: () => `/proposals/${draftId}`,
    expected: statuses(401, [404, 404, 404, 403], 404, 403, 403, 403, 200, 200),
  },
  { name: 'PDF of a sent proposal', method: 'GET', path: () => `/proposals/${sentId}/pdf`, expected: READ },
  { name: 'edit a draft', method: 'PATCH', path: () => `/proposals/${draftId}`, body: { title: 'Edited in the table' }, expected: STAFF_ONLY(200) },
  {
    name: 'send a draft',
    method: 'POST',
    path: async (actor) => `/proposals/${isStaff(actor) ? await freshDraft() : draftId}/send`,
    expected: STAFF_ONLY(200),
  },
  {
    name: 'void a proposal',
    method: 'POST',
    path: async (actor) => `/proposals/${isStaff(actor) ? await freshDraft() : draftId}/void`,
    body: { reason: 'Voided in the table' },
    expected: STAFF_ONLY(200),
  },
  {
    name: 'revise a declined proposal',
    method: 'POST',
    path: async (actor) => `/proposals/${isStaff(actor) ? await freshDeclined() : sentId}/revise`,
    expected: STAFF_ONLY(201),
  },
  { name: 'record that the client opened it', method: 'POST', path: () => `/proposals/${sentId}/view`, expected: ANSWER(200) },
  { name: 'tick options', method: 'POST', path: () => `/proposals/${sentId}/select`, body: { item_ids: ['seo'] }, expected: ANSWER(200) },
  {
    name: 'accept',
    method: 'POST',
    path: async (actor) => `/proposals/${isOwner(actor) ? await freshSent() : sentId}/accept`,
    body: { signature_name: 'Access Table', agree: true },
    expected: ANSWER(200),
  },
  {
    name: 'decline',
    method: 'POST',
    path: async (actor) => `/proposals/${isOwner(actor) ? await freshSent() : sentId}/decline`,
    body: { reason: 'Declined in the table' },
    expected: ANSWER(200),
  },
];

describe('proposal routes, every caller', () => {
  it('has a row for every route the shared access table leaves to it', async () => {
    const exercised: { method: string; path: string }[] = [];
    for (const row of ROWS) exercised.push({ method: row.method, path: await row.path('anonymous') });
    expect(routesNotCalled('proposals-access.int.test.ts', exercised)).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.name}`, row] as const))('%s', async (_name, row) => {
    const actual = {} as Expected;
    for (const actor of ACTORS) {
      const path = await row.path(actor);
      const body =
        row.name === 'create a proposal'
          ? {
              project_id: (await pendingProject(t.app, who.client.token)).id,
              title: 'Table proposal',
              items: [{ description: 'Work', quantity: 1, unit_price: 1000 }],
              valid_until: '2099-01-01',
            }
          : row.body;
      const res = await call(t.app, row.method, path, { token: tokenOf(actor), body });
      actual[actor] = res.status;
      if (res.status >= 500) throw new Error(`${row.name} as ${actor}: ${res.status} ${res.text}`);
    }
    expect(actual).toEqual(row.expected);
  });

  it('callers who may not use a route are told 401/403 before their input is read', async () => {
    for (const [method, path] of [
      ['POST', '/proposals'],
      ['PATCH', `/proposals/${draftId}`],
      ['POST', `/proposals/${draftId}/void`],
      ['POST', '/proposal-templates'],
    ] as const) {
      expect((await call(t.app, method, path, { body: { nonsense: true } })).status).toBe(401);
      for (const actor of ['client', 'billing', 'member', 'lead'] as const) {
        expect((await call(t.app, method, path, { token: tokenOf(actor), body: { nonsense: true } })).status, `${method} ${path} as ${actor}`).toBe(
          403,
        );
      }
    }
    for (const actor of ['admin', 'billing', 'companyMember', 'lead'] as const) {
      expect((await call(t.app, 'POST', `/proposals/${sentId}/accept`, { token: tokenOf(actor), body: {} })).status, actor).toBe(403);
    }
  });
});
