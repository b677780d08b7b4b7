// Every invoice and payment route, called by every kind of caller, with the exact status each must get. The shared
// access table (test/access-matrix.ts) lists these routes under this file's name, and counts them as covered.
import type { AuthResponse, Invoice } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesNotCalled, worldTokens } from './access-callers.js';
import { call, createTestApp, inviteColleague, login, type TestApp } from './helpers.js';
import { approvedProject, createInvoice, LINE, makeWorld, sentInvoice, type World } from './invoice-helpers.js';

/**
 * Who calls: signed out; the invoice's company (the client who asked for the project and is its first owner, a
 * second owner, a billing person, a member); another company's client; employees; staff.
 */
const ACTORS = ['anonymous', 'client', 'coOwner', 'billing', 'member', 'otherClient', 'teammember', 'teamlead', 'admin', 'superadmin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

/**
 * The status each caller gets: [anonymous, [the invoice's client, its co-owner, its billing person, its member],
 * another client, team member, team lead, admin, super admin].
 */
const row = (anonymous: number, company: [number, number, number, number], ...rest: [number, number, number, number, number]): Expected =>
  Object.fromEntries(ACTORS.map((a, i) => [a, [anonymous, ...company, ...rest][i]])) as Expected;
const same = (status: number): [number, number, number, number] => [status, status, status, status];

const STAFF_ONLY_200 = row(401, same(403), 403, 403, 403, 200, 200);
const STAFF_ONLY_201 = row(401, same(403), 403, 403, 403, 201, 201);
/** The company's owners and billing people see its invoices; its members see no money (403); another company nothing. */
const COMPANY_AND_STAFF = row(401, [200, 200, 200, 403], 404, 403, 403, 200, 200);

type Call = { path: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; form?: Record<string, string> };
type Row = { name: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH'; expected: Expected; prepare: () => Promise<Call> };

let t: TestApp;
let w: World;
let colleagues: Record<'coOwner' | 'billing' | 'member', AuthResponse>;
let tokenOf: (actor: Actor) => string | undefined;
let projectId: string;
let invoice: Invoice;
let checkoutPath: string;
let receiptPath: string;

const today = () => t.clock.now().toISOString().slice(0, 10);

async function paidByCard(): Promise<Invoice> {
  const fresh = await sentInvoice(t.app, w, projectId);
  const res = await call(t.app, 'POST', `/invoices/${fresh.id}/checkout`, { token: w.client.token });
  await t.app.inject({
    method: 'POST',
    url: new URL(res.body.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'number=4242424242424242&expiry=12%2F40&cvc=123',
  });
  return (await call(t.app, 'GET', `/invoices/${fresh.id}`, { token: w.admin.token })).body.invoice;
}

const ROWS: Row[] = [
  {
    name: 'list invoices',
    method: 'GET',
    expected: row(401, [200, 200, 200, 403], 200, 403, 403, 200, 200),
    prepare: async () => ({ path: '/invoices' }),
  },
  {
    name: 'create an invoice',
    method: 'POST',
    expected: STAFF_ONLY_201,
    prepare: async () => ({ path: '/invoices', body: { project_id: projectId, lines: [LINE] } }),
  },
  { name: 'totals and revenue', method: 'GET', expected: STAFF_ONLY_200, prepare: async () => ({ path: '/invoices/summary' }) },
  { name: 'CSV export', method: 'GET', expected: STAFF_ONLY_200, prepare: async () => ({ path: '/invoices/export.csv' }) },
  {
    name: 'one invoice by number',
    method: 'GET',
    expected: COMPANY_AND_STAFF,
    prepare: async () => ({ path: `/invoices/${invoice.invoice_no}` }),
  },
  { name: 'one invoice', method: 'GET', expected: COMPANY_AND_STAFF, prepare: async () => ({ path: `/invoices/${invoice.id}` }) },
  { name: 'the PDF', method: 'GET', expected: COMPANY_AND_STAFF, prepare: async () => ({ path: `/invoices/${invoice.id}/pdf` }) },
  { name: 'a payment’s receipt', method: 'GET', expected: COMPANY_AND_STAFF, prepare: async () => ({ path: receiptPath }) },
  {
    name: 'edit a draft',
    method: 'PATCH',
    expected: STAFF_ONLY_200,
    prepare: async () => ({
      path: `/invoices/${(await createInvoice(t.app, w.owner.token, { project_id: projectId })).id}`,
      body: { notes: 'Edited' },
    }),
  },
  {
    name: 'send a draft',
    method: 'POST',
    expected: STAFF_ONLY_200,
    prepare: async () => ({ path: `/invoices/${(await createInvoice(t.app, w.owner.token, { project_id: projectId })).id}/send` }),
  },
  {
    name: 'void',
    method: 'POST',
    expected: STAFF_ONLY_200,
    prepare: async () => ({ path: `/invoices/${(await sentInvoice(t.app, w, projectId)).id}/void`, body: { reason: 'Raised in error' } }),
  },
  {
    name: 'record an offline payment',
    method: 'POST',
    expected: STAFF_ONLY_201,
    prepare: async () => ({ path: `/invoices/${invoice.id}/payments`, body: { amount: 1, date: today(), reference: 'BANK-REF' } }),
  },
  {
    name: 'refund a card payment',
    method: 'POST',
    expected: STAFF_ONLY_201,
    prepare: async () => {
      const paid = await paidByCard();
      return { path: `/invoices/${paid.id}/refunds`, body: { payment_id: paid.payments[0].id, amount: 100 } };
    },
  },
  {
    name: 'clear a payment flag',
    method: 'POST',
    expected: STAFF_ONLY_200,
    prepare: async () => ({ path: `/invoices/${invoice.id}/attention/clear` }),
  },
  {
    name: 'pay by card (checkout)',
    method: 'POST',
    expected: row(401, [200, 200, 200, 403], 404, 403, 403, 403, 403),
    prepare: async () => ({ path: `/invoices/${invoice.id}/checkout` }),
  },
  { name: 'billing settings', method: 'GET', expected: STAFF_ONLY_200, prepare: async () => ({ path: `/projects/${projectId}/billing` }) },
  {
    name: 'change billing settings',
    method: 'PUT',
    expected: STAFF_ONLY_200,
    prepare: async () => ({ path: `/projects/${projectId}/billing`, body: { auto_deposit: true } }),
  },
  {
    name: 'raise the deposit now',
    method: 'POST',
    expected: STAFF_ONLY_201,
    prepare: async () => ({ path: `/projects/${await approvedProject(t.app, w, { budget: 10_000 })}/deposit-invoice` }),
  },
  // Public doors. The Stripe webhook answers only when PAYMENT_PROVIDER=stripe (payments.int.test.ts); here the
  // local provider runs, so it is closed to everyone alike.
  {
    name: 'Stripe webhook (provider local)',
    method: 'POST',
    expected: row(404, same(404), 404, 404, 404, 404, 404),
    prepare: async () => ({
      path: '/payments/stripe/webhook',
      body: { id: 'evt_x', type: 'checkout.session.completed' },
      headers: { 'stripe-signature': 't=1,v1=x' },
    }),
  },
  // The test checkout page is reached by its unguessable address alone, like a hosted checkout.
  {
    name: 'local checkout page',
    method: 'GET',
    expected: row(200, same(200), 200, 200, 200, 200, 200),
    prepare: async () => ({ path: checkoutPath }),
  },
  {
    name: 'local checkout, a declined card',
    method: 'POST',
    expected: row(200, same(200), 200, 200, 200, 200, 200),
    prepare: async () => ({ path: checkoutPath, form: { number: '4000000000000002', expiry: '12/40', cvc: '123' } }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app);
  colleagues = {
    coOwner: await inviteColleague(t.app, w.client.token, 'owner'),
    billing: await inviteColleague(t.app, w.client.token, 'billing'),
    member: await inviteColleague(t.app, w.client.token, 'member'),
  };
  tokenOf = worldTokens(w, colleagues);
  projectId = await approvedProject(t.app, w, { budget: 1_000_000 });
  invoice = await sentInvoice(t.app, w, projectId, { lines: [{ ...LINE, unit_price: 10_000_000 }] });
  const checkout = await call(t.app, 'POST', `/invoices/${invoice.id}/checkout`, { token: w.client.token });
  checkoutPath = new URL(checkout.body.url).pathname.replace(/^\/api/, '');
  const partPaid = await sentInvoice(t.app, w, projectId);
  const recorded = await call(t.app, 'POST', `/invoices/${partPaid.id}/payments`, {
    token: w.admin.token,
    body: { amount: 100, date: today(), reference: 'BANK-RECEIPT' },
  });
  expect(recorded.status, recorded.text).toBe(201);
  receiptPath = `/invoices/${partPaid.id}/payments/${recorded.body.invoice.payments[0].id}/receipt`;
});
afterAll(async () => t.close());

describe.each(ROWS.map((r) => [`${r.method} ${r.name}`, r] as const))('%s', (_name, r) => {
  it('answers each caller exactly', async () => {
    const actual: Partial<Expected> = {};
    for (const actor of ACTORS) {
      const c = await r.prepare();
      if (c.form) {
        const res = await t.app.inject({
          method: r.method,
          url: `/api${c.path}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(tokenOf(actor) ? { authorization: `Bearer ${tokenOf(actor)}` } : {}) },
          payload: new URLSearchParams(c.form).toString(),
        });
        actual[actor] = res.statusCode;
      } else {
        actual[actor] = (await call(t.app, r.method, c.path, { token: tokenOf(actor), body: c.body, query: c.query, headers: c.headers })).status;
      }
    }
    expect(actual).toEqual(r.expected);
  });
});

describe('the table', () => {
  it('has a row for every route the shared access table leaves to this file', async () => {
    const exercised: { method: string; path: string }[] = [];
    for (const r of ROWS) exercised.push({ method: r.method, path: (await r.prepare()).path });
    expect(routesNotCalled('invoices-access.int.test.ts', exercised)).toEqual([]);
  });
});

describe('document links', () => {
  it('open nothing on their own: the PDF and the receipt need the bearer header of a session that may read them', async () => {
    const session = await login(t.app, w.client.user.email);
    const detail = (await call(t.app, 'GET', `/invoices/${invoice.id}`, { token: session.body.token })).body.invoice as Invoice;
    expect(detail.pdf_url).toBe(`/api/invoices/${invoice.id}/pdf`);
    // A link copied out of the page (a chat, a log, a forwarded e-mail) opens nothing for its holder.
    expect((await t.app.inject({ method: 'GET', url: detail.pdf_url })).statusCode).toBe(401);
    const withSession = await t.app.inject({ method: 'GET', url: detail.pdf_url, headers: { authorization: `Bearer ${session.body.token}` } });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.headers['content-type']).toBe('application/pdf');
    // Another client's session is told the invoice does not exist.
    const other = await t.app.inject({ method: 'GET', url: detail.pdf_url, headers: { authorization: `Bearer ${w.otherClient.token}` } });
    expect(other.statusCode).toBe(404);
    // The signed-link query of old is no proof of anything.
    expect((await t.app.inject({ method: 'GET', url: `${detail.pdf_url}?expires=9999999999&sid=1&sig=x` })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/auth/logout', { token: session.body.token })).status).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: detail.pdf_url, headers: { authorization: `Bearer ${session.body.token}` } })).statusCode).toBe(
      401,
    );
  });
});
