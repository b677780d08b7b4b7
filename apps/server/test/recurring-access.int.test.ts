// Every recurring-invoice and payment-plan route, called by every kind of caller (test/access-callers.ts), with the
// exact status each one gets.
import { localDay } from '@agency/schema';
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
import { approvedProject, tempDataDir, type People } from './contract-support.js';
import { call, createTestApp, type TestApp } from './helpers.js';

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
let tokenOf: Callers['tokenOf'];
let projectId: string;
let recurringId: string;
let stagePath: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tempDataDir() });
  ({ who, tokenOf } = await signInCallers(t.app));
  projectId = (await approvedProject(t.app, who)).id;
  recurringId = await newRecurring();
  stagePath = await newStage();
});
afterAll(async () => t.close());

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
    const exercised: { method: string; path: string }[] = [];
    for (const row of ROWS) exercised.push({ method: row.method, path: await row.path('anonymous') });
    expect(routesNotCalled('recurring-access.int.test.ts', exercised)).toEqual([]);
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
