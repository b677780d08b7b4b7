// Every contract route, called by every kind of caller (test/access-callers.ts), with the exact status each one gets.
// Written beside the shared access table (test/access-matrix.ts) and meant to be folded into it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  isStaff,
  routesNotCalled,
  same,
  signInCallers,
  STAFF_ONLY,
  statuses,
  type ActorName,
  type Callers,
  type Expected,
} from './access-callers.js';
import { approvedProject, contractFor, freshContract, tempDataDir, type People } from './contract-support.js';
import { call, createTestApp, login, type TestApp } from './helpers.js';

const EVERYONE = statuses(401, same(200), 200, 200, 200, 200, 200, 200);
/**
 * The client contract (sent, signed by `client`): the signer, the company's owners and billing people (who see every
 * client contract of the company) and staff; the company's member, and anyone else, may not know it exists.
 */
const CLIENT_CONTRACT_READ = statuses(401, [200, 200, 200, 404], 404, 404, 404, 404, 200, 200);
/** The member's team contract (sent): the signer, the project's team lead (status only) and staff. */
const TEAM_CONTRACT_READ = statuses(401, same(404), 404, 200, 404, 200, 200, 200);
/** Its PDF and audit trail: the signer and staff; the team lead knows it exists but may not open it. */
const TEAM_CONTRACT_DOCUMENT = statuses(401, same(404), 404, 200, 404, 403, 200, 200);

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path for this caller; may prepare a fresh record so a call that changes state does not affect the next. */
  path: (actor: ActorName) => Promise<string> | string;
  body?: unknown | (() => Promise<unknown>);
  expected: Expected;
};

let t: TestApp;
let who: People;
let projectId: string;
let clientSent: string;
/** A client contract of the same company that staff named the company's member to sign. */
let companyMemberSent: string;
let colleagues: Callers['colleagues'];
let tokenOf: Callers['tokenOf'];
let memberSent: string;
let leadDraft: string;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir() });
  ({ who, colleagues, tokenOf } = await signInCallers(t.app));
  projectId = (await approvedProject(t.app, who)).id;
  const staff = who.superadmin.token;
  clientSent = (await freshContract(t.app, staff, projectId, 'client', who.client.user.id)).id;
  companyMemberSent = (await freshContract(t.app, staff, projectId, 'client', colleagues.companyMember.user.id)).id;
  memberSent = (await freshContract(t.app, staff, projectId, 'team', who.teammember.user.id)).id;
  leadDraft = (await contractFor(t.app, staff, projectId, 'team', who.teamlead.user.id)).id;
  const templates = await call(t.app, 'GET', '/contract-templates', { token: staff, query: { kind: 'client' } });
  templateId = templates.body.items.find((x: { is_default: boolean }) => x.is_default).id;
});
afterAll(async () => t.close());

const staffToken = () => who.superadmin.token;

/** A new draft (staff would change it), or the lead's draft for callers turned away before anything happens. */
async function draftFor(actor: ActorName) {
  return isStaff(actor) ? (await freshContract(t.app, staffToken(), projectId, 'team', who.teamlead.user.id, false)).id : leadDraftNow();
}

/** The team lead's live team contract as a draft (rows before may have sent or voided the last one). */
async function leadDraftNow() {
  const live = await contractFor(t.app, staffToken(), projectId, 'team', who.teamlead.user.id).catch(() => null);
  if (live?.status === 'draft') return live.id as string;
  return (await freshContract(t.app, staffToken(), projectId, 'team', who.teamlead.user.id, false)).id;
}

async function defaultTeamTemplate() {
  const templates = await call(t.app, 'GET', '/contract-templates', { token: staffToken(), query: { kind: 'team' } });
  return templates.body.items.find((x: { is_default: boolean }) => x.is_default).id as string;
}

async function newTemplate() {
  const res = await call(t.app, 'POST', '/contract-templates', {
    token: staffToken(),
    body: { kind: 'team', title: 'Disposable template', body: 'Welcome {{employee.name}} to {{project.title}}.' },
  });
  return res.body.template.id as string;
}

const ROWS: Row[] = [
  // Templates: staff only.
  { name: 'list templates', method: 'GET', path: () => '/contract-templates', expected: STAFF_ONLY(200) },
  {
    name: 'create a template',
    method: 'POST',
    path: () => '/contract-templates',
    body: { kind: 'client', title: 'Access table template', body: 'For {{client.name}} and {{project.title}}.' },
    expected: STAFF_ONLY(201),
  },
  {
    name: 'preview a template',
    method: 'POST',
    path: () => '/contract-templates/preview',
    body: { kind: 'client', body: 'For {{client.name}}.' },
    expected: STAFF_ONLY(200),
  },
  { name: 'read a template', method: 'GET', path: () => `/contract-templates/${templateId}`, expected: STAFF_ONLY(200) },
  { name: 'edit a template', method: 'PATCH', path: () => `/contract-templates/${templateId}`, body: {}, expected: STAFF_ONLY(200) },
  {
    name: 'delete a template',
    method: 'DELETE',
    path: async (actor) => `/contract-templates/${isStaff(actor) ? await newTemplate() : templateId}`,
    expected: STAFF_ONLY(204),
  },

  // Lists: everyone signed in, each seeing their own scope.
  { name: 'list contracts', method: 'GET', path: () => '/contracts', expected: EVERYONE },
  { name: 'count contracts', method: 'GET', path: () => '/contracts/counts', expected: EVERYONE },

  // Creating and changing contracts: staff only.
  {
    name: 'create a contract',
    method: 'POST',
    path: async (actor) => {
      if (isStaff(actor)) {
        const live = await contractFor(t.app, staffToken(), projectId, 'team', who.teamlead.user.id);
        await call(t.app, 'POST', `/contracts/${live.id}/void`, { token: staffToken(), body: { reason: 'Replaced in the access table' } });
      }
      return '/contracts';
    },
    body: async () => ({ project_id: projectId, template_id: await defaultTeamTemplate(), kind: 'team', signer_id: who.teamlead.user.id }),
    expected: STAFF_ONLY(201),
  },
  {
    name: 'edit a draft',
    method: 'PATCH',
    path: async () => `/contracts/${await leadDraftNow()}`,
    body: { title: 'Edited in the access table' },
    expected: STAFF_ONLY(200),
  },
  { name: 'send a draft', method: 'POST', path: async (actor) => `/contracts/${await draftFor(actor)}/send`, body: {}, expected: STAFF_ONLY(200) },
  {
    name: 'void a draft',
    method: 'POST',
    path: async (actor) => `/contracts/${await draftFor(actor)}/void`,
    body: { reason: 'Voided in the access table' },
    expected: STAFF_ONLY(200),
  },
  {
    name: 'remind the signer',
    method: 'POST',
    // Staff remind a contract of their own making, so the rows that read the client's contract never see it change.
    path: async (actor) =>
      `/contracts/${isStaff(actor) ? (await freshContract(t.app, staffToken(), projectId, 'team', who.teamlead.user.id)).id : clientSent}/remind`,
    expected: STAFF_ONLY(200),
  },

  // Reading one contract.
  { name: 'read the client contract', method: 'GET', path: () => `/contracts/${clientSent}`, expected: CLIENT_CONTRACT_READ },
  { name: "read a member's team contract", method: 'GET', path: () => `/contracts/${memberSent}`, expected: TEAM_CONTRACT_READ },
  {
    name: 'read a draft (invisible to its signer, the team lead here)',
    method: 'GET',
    path: async () => `/contracts/${await leadDraftNow()}`,
    expected: statuses(401, same(404), 404, 404, 404, 404, 200, 200),
  },
  {
    name: "read the client contract named for the company's member",
    method: 'GET',
    path: () => `/contracts/${companyMemberSent}`,
    expected: statuses(401, same(200), 404, 404, 404, 404, 200, 200),
  },
  { name: 'audit trail of the client contract', method: 'GET', path: () => `/contracts/${clientSent}/audit`, expected: CLIENT_CONTRACT_READ },
  { name: "audit trail of a member's team contract", method: 'GET', path: () => `/contracts/${memberSent}/audit`, expected: TEAM_CONTRACT_DOCUMENT },
  { name: 'PDF of the client contract', method: 'GET', path: () => `/contracts/${clientSent}/pdf`, expected: CLIENT_CONTRACT_READ },
  { name: "PDF of a member's team contract", method: 'GET', path: () => `/contracts/${memberSent}/pdf`, expected: TEAM_CONTRACT_DOCUMENT },

  // The signer's own steps: staff are refused by role, others who may not know the contract get 404.
  {
    name: 'record that the client opened it',
    method: 'POST',
    path: () => `/contracts/${clientSent}/view`,
    expected: statuses(401, [200, 403, 403, 404], 404, 404, 404, 404, 403, 403),
  },
  {
    name: 'record that the member opened theirs',
    method: 'POST',
    path: () => `/contracts/${memberSent}/view`,
    expected: statuses(401, same(404), 404, 200, 404, 403, 403, 403),
  },
  {
    name: 'sign the client contract',
    method: 'POST',
    path: async (actor) =>
      `/contracts/${actor === 'client' ? (await freshContract(t.app, staffToken(), projectId, 'client', who.client.user.id)).id : clientSent}/sign`,
    body: { signature_name: 'Access Table', agree: true },
    // Only the named signer signs: the company's other owner and its billing person read it, never sign it.
    expected: statuses(401, [200, 403, 403, 404], 404, 404, 404, 404, 403, 403),
  },
  {
    name: "sign the client contract named for the company's member",
    method: 'POST',
    path: async (actor) =>
      `/contracts/${actor === 'companyMember' ? (await freshContract(t.app, staffToken(), projectId, 'client', colleagues.companyMember.user.id)).id : companyMemberSent}/sign`,
    body: { signature_name: 'Access Table', agree: true },
    expected: statuses(401, [403, 403, 403, 200], 404, 404, 404, 404, 403, 403),
  },
  {
    name: "sign a member's team contract",
    method: 'POST',
    path: async (actor) =>
      `/contracts/${actor === 'member' ? (await freshContract(t.app, staffToken(), projectId, 'team', who.teammember.user.id)).id : memberSent}/sign`,
    body: { signature_name: 'Access Table', agree: true },
    expected: statuses(401, same(404), 404, 200, 404, 403, 403, 403),
  },
];

describe('contract routes, every caller', () => {
  it('has a row for every route the shared access table leaves to it', async () => {
    // One at a time: some rows prepare a fresh record to reach their path.
    const exercised: { method: string; path: string }[] = [];
    for (const row of ROWS) exercised.push({ method: row.method, path: await row.path('anonymous') });
    expect(routesNotCalled('contracts-access.int.test.ts', exercised)).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.name}`, row] as const))('%s', async (_name, row) => {
    const actual = {} as Expected;
    for (const actor of ACTORS) {
      const path = await row.path(actor);
      const body = typeof row.body === 'function' ? await (row.body as () => Promise<unknown>)() : row.body;
      const res = await call(t.app, row.method, path, { token: tokenOf(actor), body });
      actual[actor] = res.status;
      if (res.status >= 500) throw new Error(`${row.name} as ${actor}: ${res.status} ${res.text}`);
    }
    expect(actual).toEqual(row.expected);
  });

  it("the PDF's link opens nothing on its own: only the bearer header of a session that may read it", async () => {
    const contract = (await call(t.app, 'GET', `/contracts/${clientSent}`, { token: staffToken() })).body.contract;
    expect(contract.pdf_url).toBe(`/api/contracts/${clientSent}/pdf`);
    expect((await t.app.inject({ method: 'GET', url: contract.pdf_url })).statusCode).toBe(401);
    // The signed-link route of old is gone, whatever query it is given.
    expect((await t.app.inject({ method: 'GET', url: `/api/contracts/${clientSent}/download?expires=9999999999&sid=1&sig=x` })).statusCode).toBe(404);
    const session = await login(t.app, who.client.user.email);
    const mine = (await call(t.app, 'GET', `/contracts/${clientSent}`, { token: session.body.token })).body.contract;
    const bearer = { authorization: `Bearer ${session.body.token}` };
    expect((await t.app.inject({ method: 'GET', url: mine.pdf_url, headers: bearer })).statusCode).toBe(200);
    await call(t.app, 'POST', '/auth/logout', { token: session.body.token });
    expect((await t.app.inject({ method: 'GET', url: mine.pdf_url, headers: bearer })).statusCode).toBe(401);
  });

  it('callers who may not use a route are told 401/403 before their input is read', async () => {
    for (const [method, path] of [
      ['POST', '/contracts'],
      ['PATCH', `/contracts/${leadDraft}`],
      ['POST', `/contracts/${leadDraft}/send`],
      ['POST', `/contracts/${leadDraft}/void`],
      ['POST', '/contract-templates'],
      ['POST', '/contract-templates/preview'],
    ] as const) {
      expect((await call(t.app, method, path, { body: { nonsense: true } })).status).toBe(401);
      for (const actor of ['client', 'member', 'lead'] as const) {
        expect((await call(t.app, method, path, { token: tokenOf(actor), body: { nonsense: true } })).status, `${method} ${path} as ${actor}`).toBe(
          403,
        );
      }
    }
    for (const actor of ['admin', 'superadmin'] as const) {
      const res = await call(t.app, 'POST', `/contracts/${memberSent}/sign`, { token: tokenOf(actor), body: {} });
      expect(res.status).toBe(403);
    }
  });
});
