import { localDay, type AuthResponse } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeMatcher, ROUTES_WITH_OWN_TABLE } from './access-matrix.js';
import { approvedProject, signInPeople, tempDataDir, type People } from './contract-support.js';
import { call, createTestApp, inviteColleague, type TestApp } from './helpers.js';

/**
 * Every recurring-invoice and payment-plan route, called by every kind of caller, with the exact status each one
 * gets (the callers of the proposals' table): signed out; the client's company (the requesting owner, a second owner,
 * a billing person, a member); another company's owner; the team member on the project, one off it, a team lead; staff.
 */
const ACTORS = [
  'anonymous',
  'client',
  'coOwner',
  'billing',
  'companyMember',
  'otherClient',
  'member',
  'outsider',
  'lead',
  'admin',
  'superadmin',
] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

function statuses(anonymous: number, company: [number, number, number, number], ...rest: [number, number, number, number, number, number]): Expected {
  return Object.fromEntries(ACTORS.map((a, i) => [a, [anonymous, ...company, ...rest][i]])) as Expected;
}
const same = (status: number): [number, number, number, number] => [status, status, status, status];
const STAFF_ONLY = (ok: number) => statuses(401, same(403), 403, 403, 403, 403, ok, ok);
/** A plan is money: the company's owners and billing people read it, its member may not, another company is told nothing. */
const PLAN_READ = statuses(401, [200, 200, 200, 403], 404, 403, 403, 403, 200, 200);

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: (actor: ActorName) => Promise<string> | string;
  body?: () => unknown;
  expected: Expected;
};

let t: TestApp;
let who: People;
let colleagues: Record<'coOwner' | 'billing' | 'companyMember', AuthResponse>;
let projectId: string;
let recurringId: string;
let stagePath: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir() });
  who = await signInPeople(t.app);
  colleagues = {
    coOwner: await inviteColleague(t.app, who.client.token, 'owner'),
    billing: await inviteColleague(t.app, who.client.token, 'billing'),
    companyMember: await inviteColleague(t.app, who.client.token, 'member'),
  };
  projectId = (await approvedProject(t.app, who)).id;
  recurringId = await newRecurring();
  stagePath = await newStage();
});
afterAll(async () => t.close());

function tokenOf(actor: ActorName): string | undefined {
  const map: Record<Exclude<ActorName, 'anonymous'>, string> = {
    client: who.client.token,
    coOwner: colleagues.coOwner.token,
    billing: colleagues.billing.token,
    companyMember: colleagues.companyMember.token,
    otherClient: who.otherClient.token,
    member: who.teammember.token,
    outsider: who.outsider.token,
    lead: who.teamlead.token,
    admin: who.admin.token,
    superadmin: who.superadmin.token,
  };
  return actor === 'anonymous' ? undefined : map[actor];
}

const isStaff = (actor: ActorName) => actor === 'admin' || actor === 'superadmin';
const today = () => localDay(t.clock.now(), t.config.agencyTimeZone);
const recurringBody = () => ({
  project_id: projectId,
  lines: [{ description: 'Retainer', quantity: 1, unit_price: 100_000 }],
  schedule: { frequency: 'monthly', start_date: today() },
});
const PLAN = { stages: [{ label: 'Everything', percent: 100, release: 'manual' }] };

async function newRecurring(paused = false) {
  const res = await call(t.app, 'POST', '/recurring-invoices', { token: who.admin.token, body: recurringBody() });
  const id = res.body.recurring_invoice.id as string;
  if (paused) await call(t.app, 'POST', `/recurring-invoices/${id}/pause`, { token: who.admin.token });
  return id;
}

/** The release path of a fresh project's one unreleased stage. */
async function newStage() {
  const project = (await approvedProject(t.app, who, 'Staged website')).id;
  const res = await call(t.app, 'PUT', `/projects/${project}/payment-plan`, { token: who.admin.token, body: PLAN });
  return `/projects/${project}/payment-plan/stages/${res.body.plan.stages[0].id}/release`;
}

const ROWS: Row[] = [
  { name: 'list recurring invoices', method: 'GET', path: () => '/recurring-invoices', expected: STAFF_ONLY(200) },
  { name: 'create a recurring invoice', method: 'POST', path: () => '/recurring-invoices', body: recurringBody, expected: STAFF_ONLY(201) },
  { name: 'revenue forecast', method: 'GET', path: () => '/recurring-invoices/forecast', expected: STAFF_ONLY(200) },
  { name: 'read a recurring invoice', method: 'GET', path: () => `/recurring-invoices/${recurringId}`, expected: STAFF_ONLY(200) },
  {
    name: 'edit',
    method: 'PATCH',
    path: () => `/recurring-invoices/${recurringId}`,
    body: () => ({ notes: 'Edited in the table' }),
    expected: STAFF_ONLY(200),
  },
  {
    name: 'pause',
    method: 'POST',
    path: async (actor) => `/recurring-invoices/${isStaff(actor) ? await newRecurring() : recurringId}/pause`,
    expected: STAFF_ONLY(200),
  },
  {
    name: 'resume',
    method: 'POST',
    path: async (actor) => `/recurring-invoices/${isStaff(actor) ? await newRecurring(true) : recurringId}/resume`,
    expected: STAFF_ONLY(200),
  },
  {
    name: 'end',
    method: 'POST',
    path: async (actor) => `/recurring-invoices/${isStaff(actor) ? await newRecurring() : recurringId}/end`,
    expected: STAFF_ONLY(200),
  },
  { name: 'upcoming dates', method: 'GET', path: () => `/recurring-invoices/${recurringId}/upcoming`, expected: STAFF_ONLY(200) },
  { name: 'read the payment plan', method: 'GET', path: () => `/projects/${projectId}/payment-plan`, expected: PLAN_READ },
  { name: 'set the payment plan', method: 'PUT', path: () => `/projects/${projectId}/payment-plan`, body: () => PLAN, expected: STAFF_ONLY(200) },
  {
    name: 'release a stage by hand',
    method: 'POST',
    path: async (actor) => (isStaff(actor) ? await newStage() : stagePath),
    expected: STAFF_ONLY(200),
  },
];

describe('recurring invoice and payment plan routes, every caller', () => {
  it('has a row for every route the shared access table leaves to it', async () => {
    const listed = ROUTES_WITH_OWN_TABLE['recurring-access.int.test.ts'];
    const exercised: { method: string; path: string }[] = [];
    for (const row of ROWS) exercised.push({ method: row.method, path: await row.path('anonymous') });
    const missing = listed.filter((route) => {
      const [method, pattern] = route.split(' ');
      return !exercised.some((e) => e.method === method && routeMatcher(pattern).test(e.path));
    });
    expect(missing).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.name}`, row] as const))('%s', async (_name, row) => {
    const actual = {} as Expected;
    for (const actor of ACTORS) {
      const res = await call(t.app, row.method, await row.path(actor), { token: tokenOf(actor), body: row.body?.() });
      actual[actor] = res.status;
      if (res.status >= 500) throw new Error(`${row.name} as ${actor}: ${res.status} ${res.text}`);
    }
    expect(actual).toEqual(row.expected);
  });

  it('callers who may not use a route are told 401/403 before their input is read', async () => {
    for (const [method, path] of [
      ['POST', '/recurring-invoices'],
      ['PATCH', `/recurring-invoices/${recurringId}`],
      ['PUT', `/projects/${projectId}/payment-plan`],
    ] as const) {
      expect((await call(t.app, method, path, { body: { nonsense: true } })).status).toBe(401);
      for (const actor of ['client', 'billing', 'companyMember', 'lead', 'member'] as const) {
        const res = await call(t.app, method, path, { token: tokenOf(actor), body: { nonsense: true } });
        expect(res.status, `${method} ${path} as ${actor}`).toBe(403);
      }
    }
  });
});
