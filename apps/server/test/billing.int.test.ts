// Saved cards and autopay, dunning, statements and credit notes (issue 33), on the local provider: every route for
// every kind of caller, then what each flow does. The Stripe provider is tested against a stand-in in
// billing-stripe.int.test.ts.
import type { AuthResponse, Invoice, Statement } from '@agency/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@agency/schema';
import { autopayAttempts, invoices, notifications, paymentMethods } from '../src/db/schema.js';
import { sweepRecurring } from '../src/modules/recurring-invoices/jobs.js';
import { routesNotCalled, worldTokens } from './access-callers.js';
import { call, createTestApp, inviteColleague, signupClient, type TestApp } from './helpers.js';
import { approvedProject, createInvoice, DAY_MS, eventually, getInvoice, LINE, mailsTo, makeWorld, pdfText, type World } from './invoice-helpers.js';

const ACTORS = ['anonymous', 'client', 'billing', 'member', 'otherClient', 'teammember', 'teamlead', 'admin', 'superadmin'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;
/** [anonymous, the company's owner, billing person, member, another company's owner, team member, team lead, admin, super admin] */
const row = (...statuses: [number, number, number, number, number, number, number, number, number]): Expected =>
  Object.fromEntries(ACTORS.map((a, i) => [a, statuses[i]])) as Expected;

let t: TestApp;
let w: World;
let colleagues: Record<'billing' | 'member', AuthResponse>;
let tokenOf: (actor: Actor) => string | undefined;
let projectId: string;
let companyId: string;

const today = () => t.clock.now().toISOString().slice(0, 10);

/** Saves a test card for the client's company through the local setup page, as the browser would. */
async function saveCard(token: string, number: string) {
  const setup = await call(t.app, 'POST', '/payment-methods/setup', { token });
  expect(setup.status, setup.text).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(setup.body.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '12/40', cvc: '123', name: 'Clara Client' }).toString(),
  });
  return res;
}

async function cards(token: string) {
  const res = await call(t.app, 'GET', '/payment-methods', { token });
  expect(res.status, res.text).toBe(200);
  return res.body as {
    items: { id: string; brand: string; last4: string; exp_month: number; exp_year: number; is_default: boolean }[];
    autopay: { paused: boolean };
  };
}

async function sendAutoCharged(project = projectId, unitPrice = 10_000): Promise<Invoice> {
  const draft = await createInvoice(t.app, w.owner.token, { project_id: project, auto_charge: true, lines: [{ ...LINE, unit_price: unitPrice }] });
  expect(draft.auto_charge).toBe(true);
  const sent = await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.owner.token });
  expect(sent.status, sent.text).toBe(200);
  return sent.body.invoice;
}

async function attemptsOf(invoiceId: string) {
  return t.app.ctx.db
    .select()
    .from(autopayAttempts)
    .where(eq(autopayAttempts.invoiceId, Number(invoiceId)))
    .orderBy(autopayAttempts.attempt);
}

beforeAll(async () => {
  // Tests run in a shuffled order and the dunning ones move the clock by weeks: sessions outlive them.
  t = await createTestApp({ SESSION_IDLE_MINUTES: String(60 * 24 * 365), SESSION_ABSOLUTE_DAYS: '3650' });
  w = await makeWorld(t.app);
  colleagues = {
    billing: await inviteColleague(t.app, w.client.token, 'billing'),
    member: await inviteColleague(t.app, w.client.token, 'member'),
  };
  tokenOf = worldTokens(w, colleagues);
  projectId = await approvedProject(t.app, w, { budget: 1_000_000 });
  companyId = w.client.user.company_id!;
});
afterAll(async () => t.close());

describe('who may call each route', () => {
  type Call = { method: 'GET' | 'POST' | 'DELETE'; path: string; query?: Record<string, string>; body?: unknown; form?: Record<string, string> };
  type Row = { name: string; expected: Expected; prepare: (actor: Actor) => Promise<Call> };
  const staffQuery = (actor: Actor) => (actor === 'admin' || actor === 'superadmin' ? { company_id: companyId } : undefined);
  let spare = '';
  const ROWS: Row[] = [
    {
      name: 'list cards',
      expected: row(401, 200, 200, 403, 200, 403, 403, 200, 200),
      prepare: async (a) => ({ method: 'GET', path: '/payment-methods', query: staffQuery(a) }),
    },
    {
      name: 'start a setup',
      expected: row(401, 200, 200, 403, 200, 403, 403, 403, 403),
      prepare: async () => ({ method: 'POST', path: '/payment-methods/setup' }),
    },
    {
      name: 'choose the default card',
      // The other company's owner is told nothing of this company's card.
      expected: row(401, 200, 200, 403, 404, 403, 403, 403, 403),
      prepare: async () => {
        spare ||= (await cards(w.client.token)).items[0].id;
        return { method: 'POST', path: `/payment-methods/${spare}/default` };
      },
    },
    {
      name: 'remove a card',
      expected: row(401, 204, 204, 403, 404, 403, 403, 403, 403),
      prepare: async (actor) => {
        // Each caller allowed to remove one gets a fresh card to remove.
        if (actor === 'client' || actor === 'billing') await saveCard(w.client.token, '5555 5555 5555 4444');
        const newest = Math.max(...(await cards(w.client.token)).items.map((c) => Number(c.id)));
        return { method: 'DELETE', path: `/payment-methods/${newest}` };
      },
    },
    {
      name: 'the local setup page',
      expected: row(200, 200, 200, 200, 200, 200, 200, 200, 200),
      prepare: async () => {
        const setup = await call(t.app, 'POST', '/payment-methods/setup', { token: w.client.token });
        return { method: 'GET', path: new URL(setup.body.url).pathname.replace(/^\/api/, '') };
      },
    },
    {
      name: 'saving on the local setup page',
      expected: row(303, 303, 303, 303, 303, 303, 303, 303, 303),
      prepare: async () => {
        const setup = await call(t.app, 'POST', '/payment-methods/setup', { token: w.otherClient.token });
        return {
          method: 'POST',
          path: new URL(setup.body.url).pathname.replace(/^\/api/, ''),
          form: { number: '4242424242424242', expiry: '12/40', cvc: '123' },
        };
      },
    },
    {
      name: 'the statement',
      expected: row(401, 200, 200, 403, 404, 403, 403, 200, 200),
      prepare: async () => ({ method: 'GET', path: `/companies/${companyId}/statement`, query: { from: '2020-01-01', to: today() } }),
    },
    {
      name: 'the statement PDF',
      expected: row(401, 200, 200, 403, 404, 403, 403, 200, 200),
      prepare: async () => ({ method: 'GET', path: `/companies/${companyId}/statement.pdf`, query: { from: '2020-01-01', to: today() } }),
    },
    {
      name: "an invoice's credit notes",
      expected: row(401, 200, 200, 403, 404, 403, 403, 200, 200),
      prepare: async () => {
        const invoice = await sendAutoCharged(projectId, 50_000);
        return { method: 'GET', path: `/invoices/${invoice.id}/credit-notes` };
      },
    },
    {
      name: 'issue a credit note',
      expected: row(401, 403, 403, 403, 403, 403, 403, 201, 201),
      prepare: async () => {
        const draft = await createInvoice(t.app, w.owner.token, { project_id: projectId });
        await call(t.app, 'POST', `/invoices/${draft.id}/send`, { token: w.owner.token });
        return { method: 'POST', path: `/invoices/${draft.id}/credit-notes`, body: { amount: 100, reason: 'Goodwill' } };
      },
    },
  ];

  beforeAll(async () => {
    expect((await saveCard(w.client.token, '4242 4242 4242 4242')).statusCode).toBe(303);
  });

  it.each(ROWS.map((r) => [r.name, r] as const))('%s answers each caller exactly', async (_name, r) => {
    const actual: Partial<Expected> = {};
    for (const actor of ACTORS) {
      const c = await r.prepare(actor);
      const token = tokenOf(actor);
      if (c.form) {
        const res = await t.app.inject({
          method: c.method,
          url: `/api${c.path}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: new URLSearchParams(c.form).toString(),
        });
        actual[actor] = res.statusCode;
      } else {
        actual[actor] = (await call(t.app, c.method, c.path, { token, body: c.body, query: c.query })).status;
      }
    }
    expect(actual).toEqual(r.expected);
  });

  it('has a row for every route the shared access table leaves to this file', async () => {
    const exercised = await Promise.all(ROWS.map(async (r) => r.prepare('client')));
    expect(routesNotCalled('billing.int.test.ts', exercised)).toEqual([]);
  });
});

describe('saved cards', () => {
  it('saves, lists, picks the default and removes cards, showing only brand, last four and expiry', async () => {
    const owner = await signupClient(t.app, { name: 'Cora Cards' });
    expect((await cards(owner.token)).items).toEqual([]);
    expect((await saveCard(owner.token, '4242 4242 4242 4242')).headers.location).toBe('http://app.test/billing?card=saved');
    expect((await saveCard(owner.token, '5555 5555 5555 4444')).statusCode).toBe(303);
    const listed = await cards(owner.token);
    // The newest card becomes the default; nothing but brand, last four and expiry is answered.
    expect(listed.items).toEqual([
      { id: expect.any(String), brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2040, is_default: true },
      { id: expect.any(String), brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040, is_default: false },
    ]);
    expect(JSON.stringify(listed)).not.toContain('4242424242424242');
    const visa = listed.items[1].id;
    expect((await call(t.app, 'POST', `/payment-methods/${visa}/default`, { token: owner.token })).body.payment_method).toMatchObject({
      id: visa,
      is_default: true,
    });
    expect((await cards(owner.token)).items.map((c) => [c.last4, c.is_default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    // Staff see the same card facts for the company they name.
    const staffView = await call(t.app, 'GET', '/payment-methods', { token: w.admin.token, query: { company_id: owner.user.company_id! } });
    expect(staffView.body.items.map((c: { last4: string }) => c.last4)).toEqual(['4242', '4444']);
    // Removing the default hands the mark to the other card.
    expect((await call(t.app, 'DELETE', `/payment-methods/${visa}`, { token: owner.token })).status).toBe(204);
    expect((await cards(owner.token)).items.map((c) => [c.last4, c.is_default])).toEqual([['4444', true]]);
  });

  it('refuses a declined card on the setup page, saving nothing', async () => {
    const owner = await signupClient(t.app, { name: 'Dora Declined' });
    const res = await saveCard(owner.token, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your card was declined.');
    expect((await cards(owner.token)).items).toEqual([]);
  });

  it('staff must name a company, and a client cannot name another', async () => {
    expect((await call(t.app, 'GET', '/payment-methods', { token: w.admin.token })).status).toBe(400);
    const other = await call(t.app, 'GET', '/payment-methods', { token: w.client.token, query: { company_id: w.otherClient.user.company_id! } });
    expect(other.status).toBe(404);
  });
});

describe('autopay', () => {
  let owner: AuthResponse;
  let billing: AuthResponse;
  let project: string;

  beforeAll(async () => {
    owner = await signupClient(t.app, { name: 'Ada Autopay' });
    billing = await inviteColleague(t.app, owner.token, 'billing');
    project = await approvedProject(t.app, w, { budget: 1_000_000, client: owner });
  });

  it('charges the default card when an auto_charge invoice is sent, without the client', async () => {
    await saveCard(owner.token, '4242 4242 4242 4242');
    const invoice = await sendAutoCharged(project);
    const paid = await eventually(async () => {
      const now = await getInvoice(t.app, owner.token, invoice.id);
      expect(now.status).toBe('paid');
      return now;
    });
    expect(paid.payments).toMatchObject([{ kind: 'payment', method: 'card', amount: invoice.total }]);
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status])).toEqual([[1, 'succeeded']]);
    // Sending the job again, or sweeping, charges nothing more.
    expect(await t.app.services.paymentMethods.charge(Number(invoice.id), 1)).toBe('not_due');
    await t.app.services.paymentMethods.sweep();
    expect((await getInvoice(t.app, owner.token, invoice.id)).payments).toHaveLength(1);
  });

  it("charges a retainer's invoice the job raises already sent, with nobody of the company involved", async () => {
    const retainer = await signupClient(t.app, { name: 'Rita Retainer' });
    const retainerProject = await approvedProject(t.app, w, { budget: 1_000_000, client: retainer });
    await saveCard(retainer.token, '4242 4242 4242 4242');
    const created = await call(t.app, 'POST', '/recurring-invoices', {
      token: w.admin.token,
      body: {
        project_id: retainerProject,
        lines: [{ ...LINE, unit_price: 25_000 }],
        schedule: { frequency: 'monthly', start_date: localDay(t.clock.now(), t.config.agencyTimeZone) },
        auto_send: true,
        auto_charge: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    await sweepRecurring(t.app.services.recurringInvoices, t.app.services.paymentPlans);
    const [raised] = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.recurringInvoiceId, Number(created.body.recurring_invoice.id)));
    expect(raised).toMatchObject({ status: 'sent', autoCharge: true });
    const paid = await eventually(async () => {
      const now = await getInvoice(t.app, retainer.token, String(raised!.id));
      expect(now.status).toBe('paid');
      return now;
    });
    expect(paid.payments).toMatchObject([{ kind: 'payment', method: 'card', amount: raised!.total }]);
    expect((await attemptsOf(String(raised!.id))).map((a) => [a.attempt, a.status])).toEqual([[1, 'succeeded']]);
  });

  it('leaves an invoice open when the bank asks for the cardholder, and mails a link to the checkout', async () => {
    await saveCard(owner.token, '4000 0027 6000 3184');
    const invoice = await sendAutoCharged(project);
    await eventually(async () => expect((await attemptsOf(invoice.id)).map((a) => a.status)).toEqual(['requires_action']));
    expect((await getInvoice(t.app, owner.token, invoice.id)).status).toBe('sent');
    const [mail] = await eventually(async () => {
      const found = await mailsTo(t.app, billing.user.email, `Confirm the payment for ${invoice.invoice_no}`);
      expect(found).toHaveLength(1);
      return found;
    });
    const link = /http:\/\/app\.test\/api\/payments\/local\/checkout\/\S+/.exec(mail.text)![0];
    // Finishing on the checkout pays it.
    const pay = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4000002760003184&expiry=12%2F40&cvc=123',
    });
    expect(pay.statusCode).toBe(303);
    expect((await getInvoice(t.app, owner.token, invoice.id)).status).toBe('paid');
    // No retry follows an authentication request, and the link is mailed once.
    t.clock.advance(8 * DAY_MS);
    await t.app.services.paymentMethods.sweep();
    expect(await attemptsOf(invoice.id)).toHaveLength(1);
    expect(await mailsTo(t.app, billing.user.email, `Confirm the payment for ${invoice.invoice_no}`)).toHaveLength(1);
  });

  it('retries a declined charge on the retry days, e-mails billing each time, tells staff, then pauses autopay until a new card', async () => {
    await saveCard(owner.token, '4000 0000 0000 9995');
    const invoice = await sendAutoCharged(project);
    await eventually(async () => expect((await attemptsOf(invoice.id)).map((a) => a.status)).toEqual(['failed']));
    const subject = `Automatic payment for ${invoice.invoice_no} failed`;
    await eventually(async () => expect(await mailsTo(t.app, billing.user.email, subject)).toHaveLength(1));
    const staffNotes = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, Number(w.admin.user.id)))
      ).filter((n) => n.title.startsWith(`Autopay for ${invoice.invoice_no} failed`));
    expect(await staffNotes()).toHaveLength(1);

    // Day 2: nothing due yet. Day 3, 5, 7 (defaults 3,5,7 after the first failure): one try each.
    t.clock.advance(2 * DAY_MS);
    await t.app.services.paymentMethods.sweep();
    expect(await attemptsOf(invoice.id)).toHaveLength(1);
    for (const [day, tries] of [
      [3, 2],
      [5, 3],
      [7, 4],
    ] as const) {
      t.clock.advance((day === 3 ? 1 : 2) * DAY_MS + 60_000);
      await t.app.services.paymentMethods.sweep();
      await t.app.services.paymentMethods.sweep();
      expect((await attemptsOf(invoice.id)).map((a) => a.status)).toEqual(Array(tries).fill('failed'));
    }
    expect(await mailsTo(t.app, billing.user.email, subject)).toHaveLength(4);
    expect(await staffNotes()).toHaveLength(4);
    const last = (await mailsTo(t.app, billing.user.email, subject)).at(-1)!;
    expect(last.text).toContain('autopay is paused until a new card is saved');
    expect((await cards(owner.token)).autopay.paused).toBe(true);
    // The invoice is still due (overdue once its date passes); nothing more is tried.
    t.clock.advance(30 * DAY_MS);
    await t.app.services.invoices.markOverdue();
    await t.app.services.paymentMethods.sweep();
    expect(await attemptsOf(invoice.id)).toHaveLength(4);
    expect((await getInvoice(t.app, owner.token, invoice.id)).status).toBe('overdue');
    // A new invoice is not charged while paused...
    const whilePaused = await sendAutoCharged(project);
    expect(await t.app.services.paymentMethods.charge(Number(whilePaused.id), 1)).toBe('paused');
    // ...until a new card is saved.
    await saveCard(billing.token, '4242 4242 4242 4242');
    expect((await cards(owner.token)).autopay.paused).toBe(false);
    const after = await sendAutoCharged(project);
    await eventually(async () => expect((await getInvoice(t.app, owner.token, after.id)).status).toBe('paid'));
  });

  it('staff may set auto_charge on a draft, and an invoice without it is never charged', async () => {
    const draft = await createInvoice(t.app, w.owner.token, { project_id: project });
    expect(draft.auto_charge).toBe(false);
    const patched = await call(t.app, 'PATCH', `/invoices/${draft.id}`, { token: w.admin.token, body: { auto_charge: true } });
    expect(patched.body.invoice.auto_charge).toBe(true);
    const plain = await createInvoice(t.app, w.owner.token, { project_id: project });
    await call(t.app, 'POST', `/invoices/${plain.id}/send`, { token: w.owner.token });
    expect(await t.app.services.paymentMethods.charge(Number(plain.id), 1)).toBe('not_due');
    expect(await attemptsOf(plain.id)).toHaveLength(0);
    const bad = await call(t.app, 'PATCH', `/invoices/${draft.id}`, { token: w.admin.token, body: { auto_charge: 'yes' } });
    expect(bad.status).toBe(400);
  });
});

describe('statements and credit notes', () => {
  it('adds up: opening balance plus the lines is the closing balance, over invoices, payments, refunds and credit notes', async () => {
    const owner = await signupClient(t.app, { name: 'Stella Statement' });
    const project = await approvedProject(t.app, w, { budget: 1_000_000, client: owner });
    const company = owner.user.company_id!;
    const first = await createInvoice(t.app, w.owner.token, { project_id: project, lines: [{ ...LINE, unit_price: 50_000 }] });
    await call(t.app, 'POST', `/invoices/${first.id}/send`, { token: w.owner.token });
    const paid = await call(t.app, 'POST', `/invoices/${first.id}/payments`, {
      token: w.admin.token,
      body: { amount: 20_000, date: today(), reference: 'BANK-1' },
    });
    expect(paid.status, paid.text).toBe(201);
    const from = new Date(t.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    t.clock.advance(2 * DAY_MS);
    const second = await createInvoice(t.app, w.owner.token, { project_id: project, lines: [{ ...LINE, unit_price: 10_000 }] });
    await call(t.app, 'POST', `/invoices/${second.id}/send`, { token: w.owner.token });
    const credit = await call(t.app, 'POST', `/invoices/${second.id}/credit-notes`, {
      token: w.admin.token,
      body: { amount: 2_000, reason: 'Late delivery' },
    });
    expect(credit.status, credit.text).toBe(201);
    expect(credit.body.credit_note).toMatchObject({ amount: 2_000, reason: 'Late delivery', invoice_no: second.invoice_no });
    expect(credit.body.credit_note.credit_note_no).toMatch(new RegExp(`^CN-${t.clock.now().getUTCFullYear()}-\\d{4}$`));
    expect((await getInvoice(t.app, owner.token, second.id)).amount_due).toBe(second.total - 2_000);

    const res = await call(t.app, 'GET', `/companies/${company}/statement`, { token: owner.token, query: { from, to: today() } });
    expect(res.status, res.text).toBe(200);
    const s = res.body as Statement;
    // Before the range: the first invoice (60,000 with tax) less the 20,000 paid.
    expect(s.opening_balance).toBe(first.total - 20_000);
    expect(s.lines.map((l) => [l.kind, l.reference, l.amount])).toEqual([
      ['invoice', second.invoice_no, second.total],
      ['credit_note', credit.body.credit_note.credit_note_no, -2_000],
    ]);
    expect(s.closing_balance).toBe(s.opening_balance + s.lines.reduce((sum, l) => sum + l.amount, 0));
    expect(s.closing_balance).toBe(first.total - 20_000 + second.total - 2_000);
    expect(s.lines.at(-1)!.balance).toBe(s.closing_balance);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company}/statement.pdf?from=${from}&to=${today()}`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('STATEMENT');
    expect(text).toContain(second.invoice_no);
    expect(text).toContain(credit.body.credit_note.credit_note_no);
    expect(text).toContain('Closing balance');
  });

  it('refuses a credit note above what is left, and a reversed range, changing nothing', async () => {
    const invoice = await createInvoice(t.app, w.owner.token, { project_id: projectId, lines: [{ ...LINE, unit_price: 1_000 }] });
    const early = await call(t.app, 'POST', `/invoices/${invoice.id}/credit-notes`, {
      token: w.admin.token,
      body: { amount: 100, reason: 'Too soon' },
    });
    expect(early.status).toBe(400);
    await call(t.app, 'POST', `/invoices/${invoice.id}/send`, { token: w.owner.token });
    const tooMuch = await call(t.app, 'POST', `/invoices/${invoice.id}/credit-notes`, {
      token: w.admin.token,
      body: { amount: invoice.total + 1, reason: 'Too much' },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toContain('at most what is left on the invoice');
    expect((await call(t.app, 'GET', `/invoices/${invoice.id}/credit-notes`, { token: w.admin.token })).body.items).toEqual([]);
    // The whole rest settles the invoice.
    const all = await call(t.app, 'POST', `/invoices/${invoice.id}/credit-notes`, {
      token: w.admin.token,
      body: { amount: invoice.total, reason: 'Written off' },
    });
    expect(all.status).toBe(201);
    expect((await getInvoice(t.app, w.admin.token, invoice.id)).status).toBe('paid');
    const again = await call(t.app, 'POST', `/invoices/${invoice.id}/credit-notes`, {
      token: w.admin.token,
      body: { amount: 1, reason: 'Once more' },
    });
    expect(again.status).toBe(400);
    const reversed = await call(t.app, 'GET', `/companies/${companyId}/statement`, {
      token: w.client.token,
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect(reversed.status).toBe(400);
  });
});

// The card on file is brand, last four and expiry: no column holds a number.
describe('storage', () => {
  it('keeps no card number', async () => {
    await saveCard(w.otherClient.token, '4000 0000 0000 9995');
    const rows = await t.app.ctx.db.select().from(paymentMethods);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(JSON.stringify(r)).not.toMatch(/\d{12,}/);
  });
});
